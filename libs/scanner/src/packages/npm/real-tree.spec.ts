/**
 * Check against a real `npm install`ed tree (v3 package-lock.json): the packages assembled from
 * the node_modules package.json files are the purl set `npm ls --all --json` reports, and every
 * locked package carries its dependency edges. Skipped when /tmp/npmtree is absent; create it
 * with `mkdir /tmp/npmtree && cd /tmp/npmtree && npm init -y && npm install --ignore-scripts express@4`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { assemblePackages } from '../assembly';
import { npmPurl, splitScopedName } from './common';
import { handlers } from './index';
import { filesOfDirectory, viewOfFiles } from './tree-view.testing';

const ROOT = '/tmp/npmtree';
const run = existsSync(`${ROOT}/package-lock.json`) && existsSync(`${ROOT}/node_modules`) ? describe : describe.skip;

interface LsNode { version?: string; dependencies?: Record<string, LsNode> }

function lsPurls(node: LsNode, name: string, out: Set<string>): Set<string> {
  const { namespace, name: n } = splitScopedName(name);
  if (n && node.version) out.add(npmPurl(namespace, n, node.version) ?? '');
  for (const [child, sub] of Object.entries(node.dependencies ?? {})) lsPurls(sub, child, out);
  return out;
}

run('real npm tree (/tmp/npmtree)', () => {
  it('assembles the same purl set as npm ls --all, with lockfile edges', () => {
    const ls = JSON.parse(execFileSync('npm', ['ls', '--all', '--json'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as LsNode & { name: string };
    const expected = lsPurls(ls, ls.name, new Set());

    const { view, errors } = viewOfFiles(filesOfDirectory(ROOT, 'npmtree'), handlers);
    expect(errors).toEqual([]);
    const ctx = assemblePackages(view, new Map(handlers.map((h) => [h.datasourceId, h])));
    const found = new Set(ctx.packages.map((p) => p.purl ?? ''));
    expect([...found].sort()).toEqual([...expected].sort());

    const locked = ctx.dependencies.filter((d) => d.datafile_path === 'npmtree/package-lock.json' && d.is_pinned);
    const lockedPurls = new Set(locked.map((d) => d.purl));
    const root = ctx.packages.find((p) => p.datafile_paths[0] === 'npmtree/package.json');
    expect(new Set([...lockedPurls, root?.purl])).toEqual(expected);
    expect(locked.every((d) => d.for_package_uid === root?.package_uid)).toBe(true);
    expect(locked.filter((d) => d.is_direct).map((d) => d.purl)).toEqual([expect.stringMatching(/^pkg:npm\/express@4\./)]);
    const express = locked.find((d) => d.purl?.startsWith('pkg:npm/express@'));
    const edges = express && 'dependencies' in express.resolved_package ? express.resolved_package.dependencies : [];
    expect(edges.length).toBe(Object.keys(ls.dependencies?.['express']?.dependencies ?? {}).length);
    console.log(`npm ls: ${expected.size} purls; assembled packages: ${found.size}; locked dependencies: ${locked.length}; express edges: ${edges.length}`);
  });
});
