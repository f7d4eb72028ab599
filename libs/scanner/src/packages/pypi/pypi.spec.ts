import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../golden.testing';
import { recognizePackageData } from '../recognize';
import type { DatafileHandler } from '../handler';
import { handlers } from './index';
import { makeZip } from './test-zip.testing';
import { saneYamlDump } from '../saneyaml';
import { licenseStatementText } from '../license-fields';
import type { PackageData } from '../package-data';
import { parseRequirement, requiresDependencies } from './requirement';

const TESTDATA = join(__dirname, 'testdata');
const read = (rel: string) => readFileSync(join(TESTDATA, rel));
/** Package data with its license statement as the text a scan writes (METADATA's is a mapping until then). */
const asScanned = (found: PackageData[]): PackageData[] => found.map((pd) => ({ ...pd, extracted_license_statement: licenseStatementText(pd.extracted_license_statement) }));
const handler = (id: string) => handlers.find((h) => h.datasourceId === id) as DatafileHandler;

const daglibWheel = () => makeZip({
  'daglib/__init__.py': '"""daglib"""\n',
  'daglib-0.6.0.dist-info/METADATA': read('daglib-0.6.0.dist-info/METADATA'),
  'daglib-0.6.0.dist-info/RECORD': read('daglib-0.6.0.dist-info/RECORD'),
});

describe('pypi handlers: golden outputs', () => {
  const cases: [string, string][] = [
    ['pypi_wheel_metadata', 'daglib-0.6.0.dist-info/METADATA'],
    ['pypi_wheel_metadata', 'asgiref-3.3.0.dist-info/METADATA'],
    ['pypi_sdist_pkginfo', 'sdist/PKG-INFO'],
    ['pypi_egg_pkginfo', 'egg/EGG-INFO/PKG-INFO'],
    ['pypi_editable_egg_pkginfo', 'editable/demo.egg-info/PKG-INFO'],
    ['pypi_setup_cfg', 'setup-cfg/setup.cfg'],
    ['pypi_setup_py', 'setup-py/setup.py'],
    ['pypi_pyproject_toml', 'pep621/pyproject.toml'],
    ['pypi_poetry_pyproject_toml', 'poetry/pyproject.toml'],
    ['pypi_poetry_lock', 'poetry/poetry.lock'],
    ['pypi_uv_lock', 'uv/uv.lock'],
    ['pip_requirements', 'requirements/requirements.txt'],
    ['pip_requirements', 'requirements/requirements-dev.txt'],
    ['pipfile', 'pipfile/Pipfile'],
    ['pipfile_lock', 'pipfile/Pipfile.lock'],
  ];
  it.each(cases)('%s %s', (id, rel) => {
    const result = recognizePackageData(`codebase/${rel}`, read(rel), handlers);
    expect(result.errors).toEqual([]);
    expect(result.packageData.map((p) => p.datasource_id)).toEqual([id]);
    expectGolden(asScanned(result.packageData), join(TESTDATA, `${rel}.expected.json`));
  });

  it('pypi_wheel reads METADATA and RECORD from the archive', () => {
    const result = recognizePackageData('codebase/daglib-0.6.0-py3-none-any.whl', daglibWheel(), handlers);
    expect(result.errors).toEqual([]);
    expectGolden(asScanned(result.packageData), join(TESTDATA, 'daglib-0.6.0-py3-none-any.whl.expected.json'));
  });

  it('pypi_egg reads EGG-INFO/PKG-INFO, SOURCES.txt and requires.txt from the archive', () => {
    const egg = makeZip({
      'EGG-INFO/PKG-INFO': 'Metadata-Version: 1.1\nName: eggy\nVersion: 1.0\nSummary: An egg\nLicense: MIT\n',
      'EGG-INFO/SOURCES.txt': 'setup.py\neggy/__init__.py\n',
      'EGG-INFO/requires.txt': 'six>=1.0\n\n[ssl]\npyOpenSSL\n\n[:python_version < "3"]\nenum34\n',
      'eggy/__init__.py': '',
    });
    const [data] = handler('pypi_egg').parse({ path: 'eggy-1.0-py3.8.egg', content: egg });
    expect(data.purl).toBe('pkg:pypi/eggy@1.0');
    expect(data.file_references.map((f) => f.path)).toEqual(['setup.py', 'eggy/__init__.py']);
    expect(data.dependencies.map((d) => [d.purl, d.scope, d.extracted_requirement, d.is_optional])).toEqual([
      ['pkg:pypi/six', 'install', '>=1.0', false],
      ['pkg:pypi/pyopenssl', 'ssl', null, true],
      ['pkg:pypi/enum34', 'install', null, false],
    ]);
  });
});

describe('pypi handlers: broken files', () => {
  const broken: [string, string, Buffer, RegExp][] = [
    ['pypi_wheel_metadata', 'x.dist-info/METADATA', Buffer.from('this is not: a header\n  \n'), /invalid header|no metadata/],
    ['pypi_sdist_pkginfo', 'x/PKG-INFO', Buffer.from(' continuation first\n'), /invalid header continuation/],
    ['pypi_egg_pkginfo', 'x/EGG-INFO/PKG-INFO', Buffer.from('\n\nbody only'), /no metadata headers/],
    ['pypi_editable_egg_pkginfo', 'x.egg-info/PKG-INFO', Buffer.from('Name without colon\n'), /invalid header line/],
    ['pypi_wheel', 'x.whl', Buffer.from('PK\u0003\u0004 truncated'), /not a zip archive/],
    ['pypi_egg', 'x.egg', daglibWheel().subarray(0, 60), /not a zip archive|truncated/],
    ['pypi_setup_cfg', 'setup.cfg', Buffer.from('name = x\n'), /outside of a section/],
    ['pypi_setup_py', 'setup.py', Buffer.from('setup(name="x\n'), /unterminated string/],
    ['pypi_pyproject_toml', 'pyproject.toml', Buffer.from('[project\nname="x"'), /invalid pyproject.toml TOML/],
    ['pypi_poetry_pyproject_toml', 'pyproject.toml', Buffer.from('[tool.poetry]\nname = '), /invalid pyproject.toml TOML/],
    ['pypi_poetry_lock', 'poetry.lock', Buffer.from('[[package]\n'), /invalid poetry.lock TOML/],
    ['pypi_uv_lock', 'uv.lock', Buffer.from('version = = 1'), /invalid uv.lock TOML/],
    ['pip_requirements', 'requirements.txt', Buffer.from('\u0000\u0001binary'), /binary content/],
    ['pipfile', 'Pipfile', Buffer.from('[packages\nrequests = "*"'), /./],
    ['pipfile_lock', 'Pipfile.lock', Buffer.from('{"default": '), /invalid Pipfile.lock JSON/],
  ];
  it.each(broken)('%s throws on a broken %s', (id, path, content, message) => {
    expect(() => handler(id).parse({ path, content })).toThrow(message);
  });
});

describe('pypi installed layouts: the files next to METADATA / PKG-INFO', () => {
  const dir = join(__dirname, 'testdata', 'daglib-0.6.0.dist-info');
  const wheelMetadata = handlers.find((h) => h.datasourceId === 'pypi_wheel_metadata') as DatafileHandler;
  const sibling = (name: string) => (name === 'RECORD' ? readFileSync(join(dir, 'RECORD')) : null);

  it('gives an installed wheel\'s METADATA the file references of its sibling RECORD, as ScanCode does', () => {
    const [pd] = wheelMetadata.parse({ path: 'site-packages/daglib-0.6.0.dist-info/METADATA', content: readFileSync(join(dir, 'METADATA')), sibling });
    expect(pd.file_references.map((f) => [f.path, f.sha256 !== null])).toEqual([
      ['daglib/__init__.py', true], ['daglib/dag.py', true], ['daglib/task.py', true], ['daglib-0.6.0.dist-info/LICENSE', true],
      ['daglib-0.6.0.dist-info/WHEEL', true], ['daglib-0.6.0.dist-info/METADATA', true], ['daglib-0.6.0.dist-info/RECORD', false],
    ]);
  });

  it('reads no sibling outside an installed layout, nor without a reader', () => {
    expect(wheelMetadata.parse({ path: 'daglib-0.6.0.dist-info/METADATA', content: readFileSync(join(dir, 'METADATA')) })[0].file_references).toEqual([]);
    const sdist = handlers.find((h) => h.datasourceId === 'pypi_sdist_pkginfo') as DatafileHandler;
    expect(sdist.parse({ path: 'daglib-0.6.0/PKG-INFO', content: readFileSync(join(dir, 'METADATA')), sibling })[0].file_references).toEqual([]);
  });
});

describe('pypi helpers', () => {
  it('dumps license statements as saneyaml does', () => {
    expect(saneYamlDump({ license: 'MIT', classifiers: ['License :: OSI Approved :: MIT License'] })).toBe(
      "license: MIT\nclassifiers:\n  - 'License :: OSI Approved :: MIT License'\n",
    );
    expect(saneYamlDump({ license: 'apache-2.0' })).toBe('license: apache-2.0\n');
    expect(saneYamlDump({ license: '2.0' })).toBe("license: '2.0'\n");
  });

  it('parses PEP 508 requirements like packaging', () => {
    expect(parseRequirement('dask[delayed] (>=2022.7.1,<2023.0.0)')).toEqual({
      name: 'dask', extras: ['delayed'], specifiers: [{ operator: '>=', version: '2022.7.1' }, { operator: '<', version: '2023.0.0' }], url: null, marker: null,
    });
    const [dep] = requiresDependencies(['Foo_Bar==1.0; python_version >= "3.8" and extra == "x"']);
    expect(dep).toMatchObject({ purl: 'pkg:pypi/foo-bar@1.0', scope: 'x', is_pinned: true, is_optional: true, extra_data: { python_version: '>= 3.8' } });
  });

  it('routes PKG-INFO and pyproject.toml to exactly one handler', () => {
    const ids = (path: string, content: string) => recognizePackageData(path, Buffer.from(content), handlers).packageData.map((p) => p.datasource_id);
    expect(ids('a/EGG-INFO/PKG-INFO', 'Name: a\nVersion: 1\n')).toEqual(['pypi_egg_pkginfo']);
    expect(ids('a/b.egg-info/PKG-INFO', 'Name: a\nVersion: 1\n')).toEqual(['pypi_editable_egg_pkginfo']);
    expect(ids('a/PKG-INFO', 'Name: a\nVersion: 1\n')).toEqual(['pypi_sdist_pkginfo']);
    expect(ids('a/pyproject.toml', '[tool.poetry]\nname = "a"\nversion = "1"\n')).toEqual(['pypi_poetry_pyproject_toml']);
    expect(ids('a/pyproject.toml', '[project]\nname = "a"\nversion = "1"\n')).toEqual(['pypi_pyproject_toml']);
  });
});
