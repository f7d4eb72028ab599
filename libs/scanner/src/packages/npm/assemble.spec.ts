import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assemblePackages } from '../assembly';
import { handlers } from './index';
import { viewOfFiles } from './tree-view.testing';

const fixture = (rel: string) => readFileSync(join(__dirname, 'testdata', rel));
const registry = new Map(handlers.map((h) => [h.datasourceId, h]));
const uid = () => 'uid';
const manifest = (name: string, version: string, extra: Record<string, unknown> = {}) => JSON.stringify({ name, version, ...extra });

function assemble(files: Record<string, string | Buffer>) {
  const { view, errors } = viewOfFiles(files, handlers);
  expect(errors).toEqual([]);
  const ctx = assemblePackages(view, registry, uid);
  expect(ctx.messages).toEqual([]);
  const linksOf = (purl: string) => [...ctx.links].filter(([, uids]) => uids.includes(`${purl}?uuid=uid`)).map(([p]) => p).sort();
  return { ctx, linksOf };
}

describe('npm assembly', () => {
  it('merges package.json and its lockfiles into one package; node_modules packages stand alone', () => {
    const { ctx, linksOf } = assemble({
      'app/package.json': manifest('app', '1.0.0', { dependencies: { debug: '^2.6.9' } }),
      'app/package-lock.json': fixture('lock-v3/package-lock.json'),
      'app/yarn.lock': fixture('yarn-v1/yarn.lock'),
      'app/index.js': 'module.exports = 1;',
      'app/lib/util.js': '',
      'app/node_modules/debug/package.json': manifest('debug', '2.6.9'),
      'app/node_modules/debug/src/index.js': '',
      'app/node_modules/@types/ms/package.json': manifest('@types/ms', '0.7.34'),
      'app/node_modules/send/node_modules/ms/package.json': manifest('ms', '2.1.3'),
      'app/node_modules/send/package.json': manifest('send', '0.19.0'),
      'app/node_modules/.package-lock.json': fixture('shrinkwrap/npm-shrinkwrap.json'),
    });
    // Path order: the node_modules datafiles come before app/package-lock.json.
    expect(ctx.packages.map((p) => [p.purl, p.datafile_paths])).toEqual([
      ['pkg:npm/%40types/ms@0.7.34', ['app/node_modules/@types/ms/package.json']],
      ['pkg:npm/debug@2.6.9', ['app/node_modules/debug/package.json']],
      ['pkg:npm/ms@2.1.3', ['app/node_modules/send/node_modules/ms/package.json']],
      ['pkg:npm/send@0.19.0', ['app/node_modules/send/package.json']],
      ['pkg:npm/app@1.0.0', ['app/package.json']],
    ]);
    expect(linksOf('pkg:npm/app@1.0.0')).toEqual(['app/index.js', 'app/lib', 'app/lib/util.js', 'app/package-lock.json', 'app/package.json', 'app/yarn.lock']);
    expect(linksOf('pkg:npm/send@0.19.0')).toEqual(['app/node_modules/send/package.json']);
    expect(linksOf('pkg:npm/debug@2.6.9')).toEqual(['app/node_modules/debug/package.json', 'app/node_modules/debug/src', 'app/node_modules/debug/src/index.js']);
    const app = ctx.packages[4].package_uid;
    const bySource = (path: string) => ctx.dependencies.filter((d) => d.datafile_path === path);
    expect(bySource('app/package-lock.json').every((d) => d.for_package_uid === app)).toBe(true);
    expect(bySource('app/yarn.lock')).toHaveLength(5);
    // The hidden lockfile has no package.json beside it: project-level dependencies.
    expect(bySource('app/node_modules/.package-lock.json').map((d) => d.for_package_uid)).toEqual([null, null]);
    // Edges are available through the resolved packages.
    const debug = bySource('app/package-lock.json').find((d) => d.purl === 'pkg:npm/debug@2.6.9');
    expect(debug && 'dependencies' in debug.resolved_package && debug.resolved_package.dependencies.map((d) => d.purl)).toEqual(['pkg:npm/ms']);
  });

  it('an installed package that kept its repository\'s workspaces field, without the members, is an ordinary package', () => {
    const { ctx, linksOf } = assemble({
      'app/package.json': manifest('app', '1.0.0'),
      'app/node_modules/eslint/package.json': manifest('eslint', '10.15.0', { workspaces: ['packages/*'] }),
      'app/node_modules/eslint/lib/api.js': '',
    });
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:npm/eslint@10.15.0', 'pkg:npm/app@1.0.0']);
    expect(linksOf('pkg:npm/eslint@10.15.0')).toEqual(['app/node_modules/eslint/lib', 'app/node_modules/eslint/lib/api.js', 'app/node_modules/eslint/package.json']);
  });

  it('a lockfile alone gives project-level dependencies only', () => {
    const { ctx } = assemble({ 'lock/pnpm-lock.yaml': fixture('pnpm-v6/pnpm-lock.yaml') });
    expect(ctx.packages).toEqual([]);
    expect(ctx.dependencies.map((d) => [d.purl, d.for_package_uid])).toHaveLength(5);
    expect(ctx.dependencies.every((d) => d.for_package_uid === null)).toBe(true);
  });

  it('npm workspaces: each member is a package; the root is not, its files go to every member', () => {
    const { ctx, linksOf } = assemble({
      'mono/apps/web/package.json': manifest('@acme/web', '1.0.0', { dependencies: { '@acme/ui': 'workspace:^' } }),
      'mono/apps/web/main.js': '',
      'mono/package.json': manifest('mono', '0.0.0', { private: true, workspaces: ['apps/*', 'packages/*'] }),
      'mono/package-lock.json': fixture('lock-v3/package-lock.json'),
      'mono/README.md': '# mono',
      'mono/packages/ui/package.json': manifest('@acme/ui', '2.3.0'),
      'mono/packages/ui/button.js': '',
      'mono/node_modules/debug/package.json': manifest('debug', '2.6.9'),
    });
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:npm/%40acme/web@1.0.0', 'pkg:npm/%40acme/ui@2.3.0', 'pkg:npm/debug@2.6.9']);
    expect(linksOf('pkg:npm/%40acme/ui@2.3.0')).toEqual([
      'mono/README.md', 'mono/apps', 'mono/package-lock.json', 'mono/package.json', 'mono/packages', 'mono/packages/ui', 'mono/packages/ui/button.js', 'mono/packages/ui/package.json',
    ]);
    expect(linksOf('pkg:npm/%40acme/web@1.0.0')).toContain('mono/README.md');
    expect(ctx.dependencies.find((d) => d.purl === 'pkg:npm/%40acme/ui')?.extracted_requirement).toBe('^2.3.0');
    expect(ctx.dependencies.filter((d) => d.datafile_path === 'mono/package-lock.json').every((d) => d.for_package_uid === null)).toBe(true);
  });

  it('pnpm workspaces: the root package.json is a package too and keeps the unclaimed files', () => {
    const { ctx, linksOf } = assemble({
      'ws/package.json': manifest('ws-root', '1.0.0'),
      'ws/pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n',
      'ws/pnpm-lock.yaml': fixture('pnpm-v9/pnpm-lock.yaml'),
      'ws/tsconfig.json': '{}',
      'ws/packages/ui/package.json': manifest('ui', '0.1.0'),
      'ws/packages/ui/index.ts': '',
    });
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:npm/ui@0.1.0', 'pkg:npm/ws-root@1.0.0']);
    expect(linksOf('pkg:npm/ws-root@1.0.0')).toEqual(['ws/packages', 'ws/pnpm-lock.yaml', 'ws/pnpm-workspace.yaml', 'ws/package.json', 'ws/tsconfig.json'].sort());
    const root = ctx.packages[1].package_uid;
    expect(ctx.dependencies.filter((d) => d.datafile_path === 'ws/pnpm-lock.yaml').every((d) => d.for_package_uid === root)).toBe(true);
  });

  it('bower.json assembles on its own', () => {
    const { ctx } = assemble({ 'web/bower.json': fixture('bower/bower.json') });
    expect(ctx.packages.map((p) => p.purl)).toEqual(['pkg:bower/blue-carousel@1.3.0']);
    expect(ctx.dependencies.map((d) => d.purl)).toEqual(['pkg:bower/jquery', 'pkg:bower/qunit']);
  });
});
