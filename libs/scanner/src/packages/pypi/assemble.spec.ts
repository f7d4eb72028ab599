import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages, CodebaseView, type CodebaseEntry } from '../assembly';
import { licenseStatementText } from '../license-fields';
import { recognizePackageData } from '../recognize';
import { handlers } from './index';

const TESTDATA = join(__dirname, 'testdata');
const uid = () => 'uid';
const byId = new Map(handlers.map((h) => [h.datasourceId, h]));

/** A codebase from path -> content (null for directories); datafiles are recognized like a scan does. */
function codebase(files: Record<string, string | null>): CodebaseView {
  const entries: CodebaseEntry[] = [];
  const dirs = new Set<string>();
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    if (content === null) dirs.add(path);
    else entries.push({ path, type: 'file', packageData: recognizePackageData(path, Buffer.from(content), handlers).packageData });
  }
  for (const d of dirs) entries.push({ path: d, type: 'directory' });
  return new CodebaseView(entries, (p) => (typeof files[p] === 'string' ? Buffer.from(files[p] as string) : null));
}

const fixture = (rel: string) => readFileSync(join(TESTDATA, rel), 'utf8');

describe('pypi assembly', () => {
  it('links an installed wheel to the files its RECORD lists (daglib, as ScanCode.io expects)', () => {
    const sp = 'venv/lib/python3.10/site-packages';
    const view = codebase({
      [`${sp}/daglib/__init__.py`]: '', [`${sp}/daglib/dag.py`]: '', [`${sp}/daglib/task.py`]: '',
      [`${sp}/daglib-0.6.0.dist-info/LICENSE`]: 'MIT', [`${sp}/daglib-0.6.0.dist-info/WHEEL`]: '',
      [`${sp}/daglib-0.6.0.dist-info/METADATA`]: fixture('daglib-0.6.0.dist-info/METADATA'),
      [`${sp}/daglib-0.6.0.dist-info/RECORD`]: fixture('daglib-0.6.0.dist-info/RECORD'),
      [`${sp}/other/x.py`]: '',
    });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages.map((p) => [p.purl, p.datasource_ids])).toEqual([['pkg:pypi/daglib@0.6.0', ['pypi_wheel_metadata']]]);
    expect(licenseStatementText(ctx.packages[0].extracted_license_statement)).toBe("license: MIT\nclassifiers:\n  - 'License :: OSI Approved :: MIT License'\n");
    expect([...ctx.links.keys()].sort()).toEqual([
      `${sp}/daglib-0.6.0.dist-info/LICENSE`, `${sp}/daglib-0.6.0.dist-info/METADATA`, `${sp}/daglib-0.6.0.dist-info/RECORD`,
      `${sp}/daglib-0.6.0.dist-info/WHEEL`, `${sp}/daglib/__init__.py`, `${sp}/daglib/dag.py`, `${sp}/daglib/task.py`,
    ]);
    expect(ctx.dependencies.map((d) => [d.purl, d.scope, d.for_package_uid])).toEqual([
      ['pkg:pypi/dask', 'install', 'pkg:pypi/daglib@0.6.0?uuid=uid'],
      ['pkg:pypi/graphviz', 'graphviz', 'pkg:pypi/daglib@0.6.0?uuid=uid'],
      ['pkg:pypi/ipycytoscape', 'ipycytoscape', 'pkg:pypi/daglib@0.6.0?uuid=uid'],
      ['pkg:pypi/networkx', 'install', 'pkg:pypi/daglib@0.6.0?uuid=uid'],
    ]);
  });

  it('builds an sdist package from PKG-INFO (preferring the egg-info one) with its sibling requirements', () => {
    const view = codebase({
      'tinycolor-1.2.0/PKG-INFO': fixture('sdist/PKG-INFO'),
      'tinycolor-1.2.0/tinycolor.egg-info/PKG-INFO': fixture('sdist/PKG-INFO'),
      'tinycolor-1.2.0/tinycolor.egg-info/SOURCES.txt': 'setup.py\n',
      'tinycolor-1.2.0/requirements.txt': 'colorama>=0.4\n',
      'tinycolor-1.2.0/tinycolor/__init__.py': '',
      'tinycolor-1.2.0/site-packages/vendored.py': '',
    });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages.map((p) => [p.purl, p.datafile_paths])).toEqual([['pkg:pypi/tinycolor@1.2.0', ['tinycolor-1.2.0/tinycolor.egg-info/PKG-INFO']]]);
    expect(ctx.dependencies.map((d) => [d.purl, d.datafile_path, d.for_package_uid])).toEqual([
      ['pkg:pypi/colorama', 'tinycolor-1.2.0/requirements.txt', 'pkg:pypi/tinycolor@1.2.0?uuid=uid'],
    ]);
    expect(ctx.links.has('tinycolor-1.2.0/tinycolor/__init__.py')).toBe(true);
    expect(ctx.links.has('tinycolor-1.2.0/site-packages/vendored.py')).toBe(false);
  });

  it('merges setup.py and setup.cfg into one package', () => {
    const view = codebase({ 'proj/setup.py': fixture('setup-py/setup.py'), 'proj/setup.cfg': '[metadata]\nname = cron-helper\nversion = 0.9.2\n', 'proj/cron/x.py': '' });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages.map((p) => [p.purl, p.datafile_paths])).toEqual([['pkg:pypi/cron-helper@0.9.2', ['proj/setup.cfg', 'proj/setup.py']]]);
    expect(ctx.dependencies).toHaveLength(5);
    expect(ctx.links.get('proj/cron/x.py')).toEqual(['pkg:pypi/cron-helper@0.9.2?uuid=uid']);
  });

  it('assembles a Poetry project with its lockfile (univers, as ScanCode.io expects)', () => {
    const view = codebase({ 'univers/pyproject.toml': fixture('poetry/pyproject.toml'), 'univers/poetry.lock': fixture('poetry/poetry.lock'), 'univers/src/univers/__init__.py': '' });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:pypi/univers@0.1.0']);
    expect(ctx.dependencies.map((d) => [d.purl, d.datasource_id, d.is_direct])).toEqual([
      ['pkg:pypi/attrs', 'pypi_poetry_pyproject_toml', true], ['pkg:pypi/packaging', 'pypi_poetry_pyproject_toml', true],
      ['pkg:pypi/semantic-version', 'pypi_poetry_pyproject_toml', true], ['pkg:pypi/semver', 'pypi_poetry_pyproject_toml', true],
      ['pkg:pypi/pytest', 'pypi_poetry_pyproject_toml', true],
      ['pkg:pypi/attrs@21.4.0', 'pypi_poetry_lock', false], ['pkg:pypi/packaging@21.0', 'pypi_poetry_lock', false],
      ['pkg:pypi/pyparsing@3.1.2', 'pypi_poetry_lock', false], ['pkg:pypi/semantic-version@2.10.0', 'pypi_poetry_lock', false],
      ['pkg:pypi/semver@2.13.0', 'pypi_poetry_lock', false],
    ]);
    expect(ctx.links.get('univers/poetry.lock')).toEqual(['pkg:pypi/univers@0.1.0?uuid=uid']);
  });

  it('turns requirements, Pipfile.lock and uv.lock without a package into project dependencies', () => {
    const view = codebase({ 'app/requirements.txt': 'flask==3.0.0\n', 'app/Pipfile.lock': fixture('pipfile/Pipfile.lock'), 'svc/uv.lock': fixture('uv/uv.lock') });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages).toEqual([]);
    expect(ctx.dependencies.map((d) => [d.datafile_path, d.purl, d.for_package_uid])).toEqual([
      ['app/Pipfile.lock', 'pkg:pypi/certifi@2023.11.17', null], ['app/Pipfile.lock', 'pkg:pypi/requests@2.31.0', null],
      ['app/Pipfile.lock', 'pkg:pypi/pytest@7.4.0', null], ['app/requirements.txt', 'pkg:pypi/flask@3.0.0', null],
      ['svc/uv.lock', 'pkg:pypi/idna@3.7?file_name=idna-3.7.tar.gz', null], ['svc/uv.lock', 'pkg:pypi/httpx-lite@0.2.0?file_name=httpx_lite-0.2.0.tar.gz', null],
    ]);
  });

  it('links an extracted egg to its tree and an editable install to its egg-info directory', () => {
    const view = codebase({
      'Legacy_Tool-0.3.egg/EGG-INFO/PKG-INFO': fixture('egg/EGG-INFO/PKG-INFO'), 'Legacy_Tool-0.3.egg/legacy/__init__.py': '',
      'src/demo.egg-info/PKG-INFO': fixture('editable/demo.egg-info/PKG-INFO'), 'src/demo.egg-info/top_level.txt': 'demo\n', 'src/demo/app.py': '',
    });
    const ctx = assemblePackages(view, byId, uid);
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:pypi/legacy-tool@0.3', 'pkg:pypi/demo-app@0.1.dev0']);
    expect(ctx.links.get('Legacy_Tool-0.3.egg/legacy/__init__.py')).toEqual(['pkg:pypi/legacy-tool@0.3?uuid=uid']);
    expect(ctx.links.get('src/demo.egg-info/top_level.txt')).toEqual(['pkg:pypi/demo-app@0.1.dev0?uuid=uid']);
    expect(ctx.links.has('src/demo/app.py')).toBe(false);
  });
});
