import { join } from 'node:path';
import { PIPELINE_INPUTS, usePipelineHarness } from '@sca/testing';

const harness = usePipelineHarness();

describe('load_sbom', () => {
  it('loads a CycloneDX BOM into packages and the dependency graph, keeping its headers', async () => {
    const r = await harness().run({ pipeline: 'load_sbom', inputs: [join(PIPELINE_INPUTS, 'sboms', 'trivy-style-1.5.cdx.json')] });
    expect(r.status).toBe('success');
    expect(r.packages.map((p) => [p.purl, p.package_uid]).sort()).toEqual([
      ['pkg:npm/body-parser@1.20.1', 'pkg:npm/body-parser@1.20.1'],
      ['pkg:npm/express@4.18.2', 'pkg:npm/express@4.18.2'],
    ]);
    expect(r.dependencies.map((d) => [d.for_package_uid, d.resolved_to_package_uid, d.is_direct])).toEqual([['pkg:npm/express@4.18.2', 'pkg:npm/body-parser@1.20.1', true]]);
    expect(r.resources.map((x) => [x.path, x.status, x.for_packages.length])).toEqual([['trivy-style-1.5.cdx.json', 'application-package', 2]]);
    expect(r.extraData.sboms_headers).toHaveProperty(['trivy-style-1.5.cdx.json']);
  });

  it('reports an invalid document clearly and does not fail the run', async () => {
    const r = await harness().run({ pipeline: 'load_sbom', inputs: [{ name: 'broken.cdx.json', content: '{"bomFormat": "CycloneDX", "specVersion": "1.5", "components": ' }] });
    expect(r.status).toBe('success');
    expect(r.errors.map((e) => [e.model, e.message, e.details])).toEqual([
      ['get_data_from_sboms', expect.stringMatching(/^SBOM document "broken\.cdx\.json" is not valid: /), { resource_path: 'broken.cdx.json' }],
    ]);
  });

  it('warns when no input is an SBOM', async () => {
    const r = await harness().run({ pipeline: 'load_sbom', inputs: [{ name: 'notes.txt', content: 'not an SBOM\n' }] });
    expect(r.status).toBe('success');
    expect(r.messages.map((m) => [m.severity, m.model, m.description])).toEqual([['warning', 'get_sbom_inputs', 'No resources containing package data found in codebase.']]);
  });
});
