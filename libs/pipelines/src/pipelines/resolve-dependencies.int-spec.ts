import { npmProjectTarball, usePipelineHarness } from '@sca/testing';

const harness = usePipelineHarness();

describe('resolve_dependencies (StaticResolver) on an npm project', () => {
  it('flags manifests, resolves lockfile entries and reports manifests without a dynamic resolver', async () => {
    const r = await harness().run({ pipeline: 'resolve_dependencies', groups: ['StaticResolver', 'DynamicResolver'], inputs: [npmProjectTarball()] });
    expect(r.status).toBe('success');
    expect(r.resources.filter((x) => x.status === 'application-package').map((x) => x.path)).toEqual([
      'demo-app.tar.gz-extract/npm-project/package-lock.json', 'demo-app.tar.gz-extract/npm-project/package.json',
    ]);
    expect(r.packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    expect(r.errors.map((e) => [e.model, e.message])).toEqual([
      ['get_packages_from_manifest', 'No packages could be resolved'],
      ['get_packages_from_manifest', 'No packages could be resolved'],
    ]);
  });
});
