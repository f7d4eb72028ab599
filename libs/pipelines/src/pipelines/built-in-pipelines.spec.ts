import { createPipelineRegistry } from '../index';

describe('the built-in pipelines', () => {
  it('are the implemented ones, sorted by name', () => {
    expect(createPipelineRegistry().names()).toEqual([
      'analyze_docker_image', 'analyze_root_filesystem_or_vm_image', 'inspect_packages', 'load_inventory', 'load_sbom', 'resolve_dependencies',
      'scan_codebase', 'scan_for_virus', 'scan_single_package',
    ]);
  });

  it('describe scan_for_virus as ScanCode.io does: an add-on of one step, no download step, always available', () => {
    const registry = createPipelineRegistry();
    expect(registry.get('scan_for_virus')).toMatchObject({ isAddon: true, downloadInputs: false });
    expect(registry.info().find((p) => p.name === 'scan_for_virus')).toEqual({
      name: 'scan_for_virus',
      summary: 'Run a ClamAV scan on the codebase directory to detect virus infection.',
      description: '',
      steps: [{ name: 'scan_for_virus', doc: 'Run a ClamAV scan to detect virus infection.', groups: [] }],
      available_groups: [],
      is_available: true,
      unavailable_reason: null,
    });
  });
});
