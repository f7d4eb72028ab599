import { createPipelineRegistry } from '../index';

describe('the built-in pipelines', () => {
  it('are the implemented ones, sorted by name', () => {
    expect(createPipelineRegistry().names()).toEqual([
      'analyze_docker_image', 'analyze_root_filesystem_or_vm_image', 'inspect_packages', 'load_inventory', 'load_sbom', 'map_deploy_to_develop',
      'resolve_dependencies', 'scan_codebase', 'scan_for_virus', 'scan_single_package',
    ]);
  });

  it('offer map_deploy_to_develop\'s groups as ScanCode.io lists them', () => {
    const info = createPipelineRegistry().info().find((p) => p.name === 'map_deploy_to_develop');
    expect(info?.available_groups).toEqual([
      'Antlr', 'AspectJ', 'Clojure', 'Elf', 'Go', 'Groovy', 'Java', 'JavaScript', 'Kotlin', 'MacOS', 'Python', 'Ruby', 'Rust', 'Scala', 'Windows', 'Xtend',
    ]);
    expect(info?.steps.slice(0, 3).map((s) => s.name)).toEqual(['download_missing_inputs', 'get_inputs', 'extract_inputs_to_codebase_directory']);
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
