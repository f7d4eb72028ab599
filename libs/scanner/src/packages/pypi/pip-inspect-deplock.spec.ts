import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assembleFixture } from '../fixture-codebase.testing';
import { populateLicenseFields } from '../license-fields';
import { matchingHandlers } from '../recognize';
import { handlers } from './index';
import { pipInspectDeplockHandler } from './pip-inspect-deplock';

const data = join(__dirname, 'testdata', 'pip-inspect');
const parse = () => pipInspectDeplockHandler.parse({ path: 'pip-inspect.deplock', content: readFileSync(join(data, 'pip-inspect.deplock')) });

describe('pypi_inspect_deplock (pip inspect as DepLock saves it)', () => {
  it('matches ScanCode\'s path pattern only', () => {
    expect(matchingHandlers('/app/pip-inspect.deplock', handlers).map((h) => h.datasourceId)).toEqual(['pypi_inspect_deplock']);
  });

  it('makes the requested local install the package, the other installs its locked dependencies', () => {
    const [pd] = parse();
    expect([pd.purl, pd.is_virtual, pd.extracted_license_statement, pd.keywords, pd.extra_data]).toEqual([
      'pkg:pypi/weather-cli@0.4.0', true, 'Apache-2.0', null, { pip_version: '24.0', inspect_version: '1' },
    ]);
    expect(pd.dependencies.map((d) => [d.purl, d.extracted_requirement, d.scope, d.is_direct, d.is_pinned, d.extra_data])).toEqual([
      // Required by the main package: direct.
      ['pkg:pypi/charset-normalizer@3.3.2', null, null, true, true, {}],
      // Requested by the user: direct too.
      ['pkg:pypi/wheel@0.43.0', null, null, true, true, {}],
      // Requirements no installed distribution answers follow as they are.
      ['pkg:pypi/click', null, 'install', true, false, {}],
      ['pkg:pypi/tomli', null, 'install', true, false, { python_version: '< 3.11' }],
    ]);
    const charset = pd.dependencies[0].resolved_package;
    expect(charset).toMatchObject({ name: 'charset-normalizer', version: '3.3.2', extracted_license_statement: 'MIT', is_virtual: true, datasource_id: 'pypi_inspect_deplock', keywords: null });
    expect(charset.dependencies?.map((d) => [d.purl, d.scope, d.is_optional])).toEqual([['pkg:pypi/unicodedata2', 'unicode_backport', true]]);
    expect(pd.dependencies[1].resolved_package).toMatchObject({ keywords: ['wheel', 'packaging'] });
  });

  it('detects the licenses of the locked packages with the package\'s (not package_only)', () => {
    const [pd] = parse();
    populateLicenseFields(pd, 'pip-inspect.deplock');
    expect(pd.declared_license_expression).toBe('apache-2.0');
    expect(pd.dependencies[0].resolved_package.declared_license_expression).toBe('mit');
  });

  it('assembles the package on its datafile', () => {
    const ctx = assembleFixture(data, handlers);
    expect(ctx.packages.map((p) => [p.purl, p.datafile_paths])).toEqual([['pkg:pypi/weather-cli@0.4.0', ['pip-inspect.deplock']]]);
    expect(ctx.dependencies).toHaveLength(4);
  });

  it('returns nothing without installed distributions and throws on broken JSON', () => {
    expect(pipInspectDeplockHandler.parse({ path: 'pip-inspect.deplock', content: Buffer.from('{"version": "1", "installed": []}') })).toEqual([]);
    expect(() => pipInspectDeplockHandler.parse({ path: 'pip-inspect.deplock', content: Buffer.from('{') })).toThrow(/^invalid pip-inspect.deplock JSON: /);
  });
});
