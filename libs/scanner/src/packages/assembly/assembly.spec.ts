import { packageData } from '../package-data';
import { fnmatch } from '../fnmatch';
import { assemblePackages, assembleFromManyDatafiles, CodebaseView } from './index';
import type { DatafileHandler } from '../handler';

const fixedUid = () => 'fixed-uid';

describe('fnmatch (Python semantics)', () => {
  it('lets * cross directories and honours classes', () => {
    expect(fnmatch('/a/b/package.json', '*/package.json')).toBe(true);
    expect(fnmatch('/a/b/package.jsonx', '*/package.json')).toBe(false);
    expect(fnmatch('/x/requirements-dev.txt', '*requirement*.txt')).toBe(true);
    expect(fnmatch('/x/a.b', '*.[!c]')).toBe(true);
    expect(fnmatch('/x/a.c', '*.[!c]')).toBe(false);
  });
});

describe('assembly', () => {
  const manifest = packageData('test_manifest', {
    type: 'npm', name: 'demo', version: '1.0.0', primary_language: 'JavaScript',
    dependencies: [{ purl: 'pkg:npm/dep', extracted_requirement: '^1.0.0', scope: 'dependencies' }],
  });
  const lock = packageData('test_lock', {
    type: 'npm', name: 'demo', version: '1.0.0', description: 'from the lock',
    dependencies: [{ purl: 'pkg:npm/dep@1.2.0', scope: 'dependencies', is_pinned: true }],
  });
  const handler: DatafileHandler = {
    datasourceId: 'test_manifest', pathPatterns: ['*/package.json'], defaultPackageType: 'npm', defaultPrimaryLanguage: 'JavaScript',
    description: 'test', documentationUrl: null, parse: () => [],
    assemble: (ctx, path) => {
      assembleFromManyDatafiles(ctx, path.slice(0, path.lastIndexOf('/')), ['package.json', 'lock.json'], { linkTree: true, prune: (p) => p.endsWith('/node_modules') });
    },
  };
  const view = new CodebaseView([
    { path: 'pkg', type: 'directory' },
    { path: 'pkg/package.json', type: 'file', packageData: [manifest] },
    { path: 'pkg/lock.json', type: 'file', packageData: [lock] },
    { path: 'pkg/index.js', type: 'file' },
    { path: 'pkg/node_modules', type: 'directory' },
    { path: 'pkg/node_modules/x.js', type: 'file' },
  ]);

  it('merges a manifest and its lockfile into one package linked to its tree', () => {
    // Every handler of a family shares the assembly, so the lockfile (first in path order) finds its manifest.
    const lockHandler = { ...handler, datasourceId: 'test_lock' };
    const ctx = assemblePackages(view, new Map([['test_manifest', handler], ['test_lock', lockHandler]]), fixedUid);
    expect(ctx.packages).toHaveLength(1);
    const pkg = ctx.packages[0];
    expect(pkg.package_uid).toBe('pkg:npm/demo@1.0.0?uuid=fixed-uid');
    expect(pkg.description).toBe('from the lock');
    expect(pkg.datafile_paths).toEqual(['pkg/package.json', 'pkg/lock.json']);
    expect(pkg.datasource_ids).toEqual(['test_manifest', 'test_lock']);
    expect(Object.keys(pkg).slice(-4)).toEqual(['package_uid', 'datafile_paths', 'datasource_ids', 'purl']);
    expect(ctx.dependencies.map((d) => [d.purl, d.for_package_uid, d.datafile_path])).toEqual([
      ['pkg:npm/dep', pkg.package_uid, 'pkg/package.json'],
      ['pkg:npm/dep@1.2.0', pkg.package_uid, 'pkg/lock.json'],
    ]);
    expect([...ctx.links.keys()].sort()).toEqual(['pkg/index.js', 'pkg/lock.json', 'pkg/package.json']);
  });

  it('falls back to one package per datafile, and reports a failing handler as a message', () => {
    const broken: DatafileHandler = { ...handler, assemble: () => { throw new Error('boom'); } };
    const ctx = assemblePackages(view, new Map([['test_manifest', broken]]), fixedUid);
    expect(ctx.messages).toEqual([{ severity: 'error', path: 'pkg/package.json', description: 'Package assembly failed for test_manifest: boom' }]);
    // The lockfile (no handler registered) still assembles on its own.
    expect(ctx.packages.map((p) => p.datafile_paths)).toEqual([['pkg/lock.json']]);
  });
});
