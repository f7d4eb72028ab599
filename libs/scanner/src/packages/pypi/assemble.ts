/**
 * PyPI assembly (ScanCode's pypi.py): installed wheels linked through their RECORD, egg and
 * editable-install PKG-INFO linked to their tree, extracted layouts (sdist PKG-INFO, setup.py /
 * setup.cfg, pyproject.toml) with their sibling requirement files, and Poetry / uv projects with
 * their lockfile. Without a package, dependencies become project dependencies.
 */
import { baseName, joinPath, parentPath, type AssemblyContext, type Package } from '../assembly';
import { datafileDir, linkTree } from '../assembly/helpers';
import { fnmatch } from '../fnmatch';
import type { PackageData } from '../package-data';
import { recordReferences } from './core-metadata';

/** The datafiles whose dependencies join an extracted layout's package (ScanCode's datafile_name_patterns). */
const SIBLING_MANIFESTS = [
  '*Pipfile', '*Pipfile.lock', '*requirement*.txt', '*requirement*.pip', '*requirement*.in', '*requires.txt',
  '*requirements/*.txt', '*requirements/*.pip', '*requirements/*.in', '*reqs.txt', '*pyproject.toml',
];

function matches(path: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => fnmatch(`/${path}`, p));
}

function firstWithPurl(ctx: AssemblyContext, path: string): PackageData | null {
  return ctx.codebase.packageData(path).find((pd) => pd.purl) ?? null;
}

function createLinked(ctx: AssemblyContext, path: string, withDeps: boolean): Package | null {
  const data = firstWithPurl(ctx, path);
  if (!data) return null;
  const pkg = ctx.createPackage(data, path);
  ctx.link(path, pkg);
  if (withDeps) ctx.addDependencies(data, path, pkg);
  ctx.markProcessed(path);
  return pkg;
}

/** Files (not directories) under `dir`, skipping nested `site-packages` (ScanCode's walk_pypi). */
function linkPythonTree(ctx: AssemblyContext, pkg: Package, dir: string, filesOnly: boolean): void {
  for (const p of ctx.codebase.walk(dir, (child) => baseName(child) === 'site-packages')) {
    if (!filesOnly || ctx.codebase.typeOf(p) === 'file') ctx.link(p, pkg);
  }
}

/** An installed wheel `.dist-info/METADATA`: the package, and the files its sibling RECORD lists (relative to site-packages). */
export function assembleInstalledWheel(ctx: AssemblyContext, path: string): void {
  const pkg = createLinked(ctx, path, true);
  if (!pkg) return ctx.markProcessed(path);
  const distInfo = datafileDir(path);
  const sitePackages = parentPath(distInfo) ?? '';
  const record = ctx.codebase.read(joinPath(distInfo, 'RECORD'));
  if (!record) return;
  for (const ref of recordReferences(record.toString('utf8'))) {
    let base: string | null = sitePackages;
    let rel = ref.path;
    while (rel.startsWith('../') && base !== null) {
      rel = rel.slice(3);
      base = base === '' ? null : parentPath(base);
    }
    if (base === null) continue;
    const target = joinPath(base, rel);
    if (ctx.codebase.exists(target)) ctx.link(target, pkg);
    else ctx.warn(path, `RECORD file not found in codebase: ${target}`);
  }
}

/** An extracted egg `EGG-INFO/PKG-INFO`: the package owns the tree two levels up. */
export function assembleEggPkgInfo(ctx: AssemblyContext, path: string): void {
  const pkg = createLinked(ctx, path, true);
  ctx.markProcessed(path);
  const root = parentPath(datafileDir(path));
  if (pkg && root !== null) linkTree(ctx, pkg, root);
}

/** An editable install `.egg-info/PKG-INFO`: the package owns its egg-info directory. */
export function assembleEditablePkgInfo(ctx: AssemblyContext, path: string): void {
  const pkg = createLinked(ctx, path, true);
  ctx.markProcessed(path);
  if (pkg) linkTree(ctx, pkg, datafileDir(path));
}

/** The PKG-INFO of a sibling `*.egg-info` directory, preferred over a root PKG-INFO (it has the dependencies). */
function eggInfoPkgInfo(ctx: AssemblyContext, dir: string): string | null {
  for (const child of ctx.codebase.children(dir)) {
    if (child.endsWith('.egg-info') && ctx.codebase.typeOf(child) === 'directory') {
      const p = joinPath(child, 'PKG-INFO');
      if (ctx.codebase.packageData(p).length) return p;
    }
  }
  return null;
}

/**
 * ScanCode's BaseExtractedPythonLayout: the package comes from a PKG-INFO, else from setup.py /
 * setup.cfg, else from the datafile itself; it owns the files of its root directory; the sibling
 * requirement / Pipfile / pyproject datafiles give it their dependencies.
 */
export function assemblePythonLayout(ctx: AssemblyContext, path: string): void {
  const dir = datafileDir(path);
  let pkg: Package | null = null;
  let packagePath = path;
  if (baseName(path) === 'PKG-INFO') {
    if (!dir.endsWith('.egg-info')) packagePath = eggInfoPkgInfo(ctx, dir) ?? path;
    // ScanCode does not take the PKG-INFO dependencies: the sibling manifests provide them.
    pkg = createLinked(ctx, packagePath, false);
    ctx.markProcessed(path);
  } else {
    const setups = ctx.codebase.children(dir).filter((p) => ['setup.py', 'setup.cfg'].includes(baseName(p)) && ctx.codebase.packageData(p).length);
    const group = setups.length ? [...setups].sort((a, b) => Number(Boolean(firstWithPurl(ctx, b))) - Number(Boolean(firstWithPurl(ctx, a)))) : [path];
    for (const p of group) {
      const data = ctx.codebase.packageData(p);
      for (const pd of data) {
        if (!pkg && pd.purl) {
          pkg = ctx.createPackage(pd, p);
          packagePath = p;
        } else if (pkg && pd.purl) ctx.updatePackage(pkg, pd, p);
      }
    }
    if (pkg) {
      for (const p of group) {
        ctx.link(p, pkg);
        for (const pd of ctx.codebase.packageData(p)) ctx.addDependencies(pd, p, pkg);
        ctx.markProcessed(p);
      }
    }
  }
  const packageDir = datafileDir(packagePath);
  const root = packageDir.endsWith('.egg-info') ? (parentPath(packageDir) ?? '') : packageDir;
  if (pkg) linkPythonTree(ctx, pkg, root, true);
  // The manifests next to the package datafile, and (for an egg-info PKG-INFO) those at the package root.
  const siblings = new Set([...ctx.codebase.children(packageDir), ...ctx.codebase.children(root)]);
  for (const sibling of siblings) {
    if (ctx.isProcessed(sibling) || ctx.codebase.typeOf(sibling) !== 'file' || !matches(sibling, SIBLING_MANIFESTS)) continue;
    const data = ctx.codebase.packageData(sibling);
    if (!data.length) continue;
    for (const pd of data) ctx.addDependencies(pd, sibling, pkg);
    if (pkg) ctx.link(sibling, pkg);
    ctx.markProcessed(sibling);
  }
  if (!ctx.isProcessed(path)) {
    for (const pd of ctx.codebase.packageData(path)) ctx.addDependencies(pd, path, pkg);
    ctx.markProcessed(path);
  }
}

/** Poetry / uv: the pyproject.toml package (owning its directory) and the lockfile's dependencies. */
function assembleWithLock(ctx: AssemblyContext, path: string, lockName: string): void {
  const dir = datafileDir(path);
  const pyproject = baseName(path) === 'pyproject.toml' ? path : ctx.codebase.children(dir).find((p) => baseName(p) === 'pyproject.toml' && ctx.codebase.packageData(p).length);
  if (!pyproject) {
    for (const pd of ctx.codebase.packageData(path)) ctx.addDependencies(pd, path, null);
    return ctx.markProcessed(path);
  }
  const data = ctx.codebase.packageData(pyproject);
  const main = data.find((pd) => pd.purl) ?? null;
  const pkg = main ? ctx.createPackage(main, pyproject) : null;
  if (pkg) {
    linkPythonTree(ctx, pkg, dir, false);
    ctx.link(pyproject, pkg);
  }
  for (const pd of data) ctx.addDependencies(pd, pyproject, pkg);
  ctx.markProcessed(pyproject);
  for (const lock of ctx.codebase.children(dir).filter((p) => baseName(p) === lockName)) {
    for (const pd of ctx.codebase.packageData(lock)) ctx.addDependencies(pd, lock, pkg);
    if (pkg) ctx.link(lock, pkg);
    ctx.markProcessed(lock);
  }
  ctx.markProcessed(path);
}

export function assemblePoetry(ctx: AssemblyContext, path: string): void {
  assembleWithLock(ctx, path, 'poetry.lock');
}

export function assembleUv(ctx: AssemblyContext, path: string): void {
  assembleWithLock(ctx, path, 'uv.lock');
}
