import { Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import { makePackage } from './__fixtures__/sbom-project.testing';
import { packageBomRef, packageToComponent } from './package-component';

const licensesOf = (overrides: Parameters<typeof makePackage>[0]) => {
  const normalizer = new Serialize.JSON.Normalize.Factory(Spec.Spec1dot6).makeForComponent();
  return (normalizer.normalize(packageToComponent(makePackage(overrides)), {}) as { licenses?: unknown[] }).licenses;
};

describe('packageToComponent licenses', () => {
  it('gives the declared expression, and ignores the statement then', () => {
    expect(licensesOf({ name: 'a', package_uid: 'u', declared_license_expression_spdx: 'MIT OR Apache-2.0', extracted_license_statement: 'whatever' })).toEqual([{ expression: 'MIT OR Apache-2.0' }]);
  });

  it('without a detection, gives the stated license: an SPDX expression as such, anything else as a name', () => {
    expect(licensesOf({ name: 'a', package_uid: 'u', extracted_license_statement: 'MIT' })).toEqual([{ expression: 'MIT' }]);
    expect(licensesOf({ name: 'a', package_uid: 'u', extracted_license_statement: '(MIT OR CC0-1.0)' })).toEqual([{ expression: '(MIT OR CC0-1.0)' }]);
    expect(licensesOf({ name: 'a', package_uid: 'u', extracted_license_statement: '- type: BSD\n  url: http://x.org/l' })).toEqual([{ license: { name: '- type: BSD url: http://x.org/l' } }]);
  });

  it('gives none when nothing is known', () => {
    expect(licensesOf({ name: 'a', package_uid: 'u' })).toBeUndefined();
  });
});

describe('packageBomRef', () => {
  it('is the package_uid with the purl\'s encoded @ written plainly (cdx-validate refuses encoded refs); the purl keeps its encoding', () => {
    const pkg = makePackage({ name: 'node', namespace: '@types', package_uid: 'pkg:npm/%40types/node@20.0.0?uuid=1', purl: 'pkg:npm/%40types/node@20.0.0' });
    expect(packageBomRef(pkg)).toBe('pkg:npm/@types/node@20.0.0?uuid=1');
    expect(packageToComponent(pkg).purl?.toString()).toBe('pkg:npm/%40types/node@20.0.0');
  });
});
