/**
 * The assembly shared by the npm family (ScanCode BaseNpmHandler.assemble):
 * - a package.json and its sibling lockfiles make one package (from the package.json), linked to
 *   every file under its directory except `node_modules` subtrees (each installed
 *   `node_modules/[@scope/]name/package.json` is its own package with its own tree); the
 *   manifest's and the lockfiles' dependencies are attached to it;
 * - a lockfile without a package.json gives project-level dependencies only;
 * - workspaces (package.json `workspaces`, else a sibling pnpm-workspace.yaml): each member is
 *   its own package with its own tree and dependencies. With npm/yarn workspaces the root is no
 *   package: its dependencies are project-level and its remaining files are linked to every
 *   member (as ScanCode does). With pnpm workspaces the root package.json is a package too and
 *   keeps the files no member took. `workspace:` requirements between members get the member's
 *   version (`workspace:^` -> `^1.2.0`). A `workspaces` field whose members are all absent (an
 *   installed package that kept its repository's field) makes no workspace.
 */
import type { AssemblyContext } from '../assembly/context';
import { baseName, datafileDir, joinPath, parentPath, type Package } from '../assembly';
import type { PackageData } from '../package-data';
import { isObject } from './common';
import { workspaceMembers } from './workspaces';

const LOCKFILE_NAMES = ['package-lock.json', '.package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'shrinkwrap.yaml', 'pnpm-lock.yaml'];

export const pruneNodeModules = (p: string): boolean => baseName(p) === 'node_modules';

function manifestData(ctx: AssemblyContext, dir: string): PackageData | null {
  return ctx.codebase.packageData(joinPath(dir, 'package.json')).find((d) => d.datasource_id === 'npm_package_json') ?? null;
}

/** The workspace globs of a root directory, and whether they come from pnpm-workspace.yaml. */
export function workspaceGlobs(ctx: AssemblyContext, dir: string): { globs: string[]; pnpm: boolean } {
  const declared = manifestData(ctx, dir)?.extra_data['workspaces'];
  const list = Array.isArray(declared) ? declared : isObject(declared) && Array.isArray(declared['packages']) ? declared['packages'] : [];
  if (list.length) return { globs: list.filter((g): g is string => typeof g === 'string'), pnpm: false };
  const pnpm = ctx.codebase.packageData(joinPath(dir, 'pnpm-workspace.yaml')).find((d) => d.datasource_id === 'pnpm_workspace_yaml');
  const globs = pnpm?.extra_data['workspaces'];
  return { globs: Array.isArray(globs) ? globs.filter((g): g is string => typeof g === 'string') : [], pnpm: !!pnpm };
}

/** The nearest ancestor workspace root listing `dir` as a member, if any (not across node_modules). */
function workspaceRootOf(ctx: AssemblyContext, dir: string): string | null {
  for (let a = parentPath(dir); a !== null; a = parentPath(a)) {
    if (baseName(a) === 'node_modules') return null;
    const { globs } = workspaceGlobs(ctx, a);
    if (globs.length && workspaceMembers(ctx, a, globs).includes(dir)) return a;
  }
  return null;
}

/** Attaches the dependencies of a manifest and of its sibling lockfiles; marks them processed. */
function attachDependencies(ctx: AssemblyContext, dir: string, pkg: Package | null, versions: Map<string, string>): void {
  const files = ['package.json', ...LOCKFILE_NAMES, 'pnpm-workspace.yaml'].map((n) => joinPath(dir, n)).filter((p) => ctx.codebase.exists(p));
  for (const path of files) {
    for (const pd of ctx.codebase.packageData(path)) {
      for (const dep of ctx.addDependencies(pd, path, pkg)) fixWorkspaceRequirement(dep, versions);
    }
    ctx.markProcessed(path);
    if (pkg) ctx.link(path, pkg);
  }
}

function fixWorkspaceRequirement(dep: { purl: string | null; extracted_requirement: string | null }, versions: Map<string, string>): void {
  const req = dep.extracted_requirement;
  const version = dep.purl ? versions.get(dep.purl) : undefined;
  if (!req?.startsWith('workspace:') || !version) return;
  const range = req.slice('workspace:'.length);
  dep.extracted_requirement = range === '*' || range === '' ? version : range === '^' || range === '~' ? `${range}${version}` : range;
}

function linkPackageTree(ctx: AssemblyContext, pkg: Package, dir: string, onlyUnlinked = false): void {
  for (const p of ctx.codebase.walk(dir, pruneNodeModules)) if (!onlyUnlinked || !ctx.links.has(p)) ctx.link(p, pkg);
}

function assembleWorkspace(ctx: AssemblyContext, dir: string, globs: string[], pnpm: boolean): void {
  const members = workspaceMembers(ctx, dir, globs);
  const versions = new Map<string, string>();
  for (const m of members) {
    const pd = manifestData(ctx, m);
    if (pd?.purl && pd.version && !pd.is_private) versions.set(pd.purl.replace(/@[^@/]*$/, ''), pd.version);
  }
  const memberPackages: Package[] = [];
  for (const m of members) {
    const pd = manifestData(ctx, m);
    const pkg = pd?.purl ? ctx.createPackage(pd, joinPath(m, 'package.json')) : null;
    if (pkg) {
      memberPackages.push(pkg);
      ctx.link(m, pkg);
      linkPackageTree(ctx, pkg, m);
    }
    attachDependencies(ctx, m, pkg, versions);
  }
  const rootData = manifestData(ctx, dir);
  const rootPkg = pnpm && rootData?.purl ? ctx.createPackage(rootData, joinPath(dir, 'package.json')) : null;
  if (rootPkg) linkPackageTree(ctx, rootPkg, dir, true);
  else for (const p of ctx.codebase.walk(dir, pruneNodeModules)) if (!ctx.links.has(p)) for (const pkg of memberPackages) ctx.link(p, pkg);
  attachDependencies(ctx, dir, rootPkg, versions);
}

/** A directory holding a package.json: one package (or a workspace), its lockfiles and tree. */
function assembleDirectory(ctx: AssemblyContext, dir: string): void {
  const { globs, pnpm } = workspaceGlobs(ctx, dir);
  // A published package may keep its repository's `workspaces` field (eslint does) without the
  // members: with none present it is an ordinary package, as npm installs and lists it.
  if (globs.length && workspaceMembers(ctx, dir, globs).length > 0) return assembleWorkspace(ctx, dir, globs, pnpm);
  const pd = manifestData(ctx, dir);
  const pkg = pd?.purl ? ctx.createPackage(pd, joinPath(dir, 'package.json')) : null;
  if (pkg) linkPackageTree(ctx, pkg, dir);
  attachDependencies(ctx, dir, pkg, new Map());
}

export function assembleNpm(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  const dir = datafileDir(path);
  const root = workspaceRootOf(ctx, dir);
  if (root !== null && !ctx.isProcessed(joinPath(root, 'package.json'))) assembleDirectory(ctx, root);
  if (ctx.isProcessed(path)) return;
  if (manifestData(ctx, dir)) return assembleDirectory(ctx, dir);
  // A lockfile without a package.json: project-level dependencies only.
  for (const pd of data) ctx.addDependencies(pd, path, null);
  ctx.markProcessed(path);
}
