import { npmProjectTarball, usePipelineHarness } from '@sca/testing';

const harness = usePipelineHarness();

describe('inspect_packages with the StaticResolver group on an npm project with its lockfile', () => {
  it('creates the project package, the locked packages and the direct dependency edges', async () => {
    const r = await harness().run({ pipeline: 'inspect_packages', groups: ['StaticResolver'], inputs: [npmProjectTarball()] });
    expect(r.status).toBe('success');
    expect(r.packages.map((p) => p.purl).sort()).toEqual(['pkg:npm/demo-app@2.1.0', 'pkg:npm/is-number@7.0.0', 'pkg:npm/ms@2.1.3']);
    const byPurl = Object.fromEntries(r.packages.map((p) => [p.purl, p]));
    // package_only leaves the datafile's statement undetected (ScanCode's list of declared licenses),
    // but the assembled package gets its license fields, the statement as YAML text (as ScanCode.io).
    expect(byPurl['pkg:npm/demo-app@2.1.0']).toMatchObject({ extracted_license_statement: '- Apache-2.0\n', declared_license_expression: 'apache-2.0' });
    const manifest = r.resources.find((x) => x.path.endsWith('npm-project/package.json'));
    expect(manifest?.package_data[0]).toMatchObject({ extracted_license_statement: ['Apache-2.0'], declared_license_expression: null });
    const edges = r.dependencies.map((d) => [
      d.purl, d.scope, d.for_package_uid === byPurl['pkg:npm/demo-app@2.1.0'].package_uid,
      d.resolved_to_package_uid && r.packages.find((p) => p.package_uid === d.resolved_to_package_uid)?.purl,
    ]);
    expect(edges).toEqual(expect.arrayContaining([
      ['pkg:npm/ms', 'dependencies', true, 'pkg:npm/ms@2.1.3'],
      ['pkg:npm/is-number', 'devDependencies', true, 'pkg:npm/is-number@7.0.0'],
    ]));
    expect(r.dependencies.every((d) => d.is_direct)).toBe(true);
  });
});
