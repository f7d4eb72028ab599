/**
 * Workspace member discovery: the directories under a workspace root whose relative path
 * matches one of the globs (`packages/*`, `apps/**`, `tools/cli`; `!pattern` excludes) and that
 * hold a package.json with npm package data. node_modules is never searched. Results are cached
 * per assembly pass.
 */
import type { AssemblyContext } from '../assembly/context';
import { baseName, joinPath } from '../assembly';

const cache = new WeakMap<AssemblyContext, Map<string, string[]>>();

export function globToRegExp(glob: string): RegExp {
  const g = glob.trim().replace(/^\.\//, '').replace(/\/+$/, '');
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === '*' && g[i + 1] === '*') {
      re += '.*';
      i++;
      if (g[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export function workspaceMembers(ctx: AssemblyContext, root: string, globs: readonly string[]): string[] {
  let perRoot = cache.get(ctx);
  if (!perRoot) cache.set(ctx, (perRoot = new Map()));
  const key = `${root}\u0000${globs.join('\u0000')}`;
  const hit = perRoot.get(key);
  if (hit) return hit;
  const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
  const members: string[] = [];
  for (const p of ctx.codebase.walk(root, (x) => baseName(x) === 'node_modules')) {
    if (ctx.codebase.typeOf(p) !== 'directory') continue;
    const rel = root ? p.slice(root.length + 1) : p;
    if (!include.some((r) => r.test(rel)) || exclude.some((r) => r.test(rel))) continue;
    if (ctx.codebase.packageData(joinPath(p, 'package.json')).some((d) => d.datasource_id === 'npm_package_json')) members.push(p);
  }
  perRoot.set(key, members);
  return members;
}
