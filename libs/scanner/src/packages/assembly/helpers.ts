/**
 * The assembly patterns ScanCode's handlers share (packagedcode/models.py): a package from one
 * datafile; a package from several sibling datafiles (manifest + lockfile); linking a package to
 * every file under its root.
 */
import type { PackageData } from '../package-data';
import { fnmatch } from '../fnmatch';
import { baseName, parentPath } from './codebase-view';
import type { AssemblyContext } from './context';
import type { Package } from './records';

/** Default: each PackageData with a purl becomes a package linked to its datafile only. */
export function assembleDatafileOnly(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  for (const pd of data) {
    const pkg = pd.purl ? ctx.createPackage(pd, path) : null;
    if (pkg) ctx.link(path, pkg);
    ctx.addDependencies(pd, path, pkg);
  }
  ctx.markProcessed(path);
}

export interface ManyDatafilesOptions {
  /** Link every file under the directory to the package (not only the datafiles). */
  linkTree?: boolean;
  /** Subtrees not linked (nested packages: node_modules, vendor...). */
  prune?: (path: string) => boolean;
}

/**
 * ScanCode's `assemble_from_many_datafiles`: the sibling files of `dir` whose names match
 * `namePatterns` are taken in pattern order; the first PackageData with a purl creates the
 * package, later ones update it; every datafile's dependencies are attached to it. Returns the
 * package, or null when none of the datafiles names one (their dependencies are then project
 * dependencies).
 */
export function assembleFromManyDatafiles(ctx: AssemblyContext, dir: string, namePatterns: readonly string[], opts: ManyDatafilesOptions = {}): Package | null {
  const siblings = ctx.codebase.children(dir).filter((p) => ctx.codebase.typeOf(p) === 'file');
  const datafiles: string[] = [];
  for (const pattern of namePatterns) {
    for (const p of siblings) if (!datafiles.includes(p) && fnmatch(baseName(p), pattern) && ctx.codebase.packageData(p).length) datafiles.push(p);
  }
  let pkg: Package | null = null;
  for (const path of datafiles) {
    for (const pd of ctx.codebase.packageData(path)) {
      if (!pkg && pd.purl) pkg = ctx.createPackage(pd, path);
      else if (pkg) ctx.updatePackage(pkg, pd, path);
    }
  }
  for (const path of datafiles) {
    for (const pd of ctx.codebase.packageData(path)) ctx.addDependencies(pd, path, pkg);
    ctx.markProcessed(path);
    if (pkg) ctx.link(path, pkg);
  }
  if (pkg && opts.linkTree) linkTree(ctx, pkg, dir, opts.prune);
  return pkg;
}

/** Links every descendant of `dir` (not `dir` itself) to the package, skipping pruned subtrees. */
export function linkTree(ctx: AssemblyContext, pkg: Package, dir: string, prune?: (path: string) => boolean): void {
  for (const p of ctx.codebase.walk(dir, prune)) ctx.link(p, pkg);
}

/** The directory holding a datafile. */
export function datafileDir(path: string): string {
  return parentPath(path) ?? '';
}
