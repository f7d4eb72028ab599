/**
 * Maven/jar assembly (ScanCode's MavenBasePackageHandler.assemble):
 * - inside an extracted jar (`.../META-INF/MANIFEST.MF`, `.../META-INF/maven/<g>/<a>/pom.xml`),
 *   a single POM and the manifest make one package (POM first, manifest merged in) linked to
 *   the jar's whole tree (the parent of META-INF); a POM alone links the jar tree too, unless
 *   META-INF holds several POMs (then only the POM itself); a manifest alone links the jar tree;
 * - a source-tree `pom.xml` or a `*.pom` makes a package linked to its directory tree.
 */
import type { AssemblyContext, Package } from '../assembly';
import { parentPath } from '../assembly';
import { fnmatch } from '../fnmatch';
import type { PackageData } from '../package-data';

const MANIFEST = '*/META-INF/MANIFEST.MF';
const NESTED_POM = '*/META-INF/maven/*/pom.xml';
const MAVEN_IDS = new Set(['maven_pom', 'java_jar_manifest', 'java_osgi_manifest']);

const up = (path: string, levels: number): string | null => {
  let p: string | null = path;
  for (let i = 0; i < levels && p !== null; i++) p = parentPath(p);
  return p;
};

export function assembleMaven(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  const withSlash = `/${path}`;
  const metaInf = fnmatch(withSlash, MANIFEST) ? parentPath(path) : fnmatch(withSlash, NESTED_POM) ? up(path, 4) : null;
  if (metaInf === null || !metaInf.endsWith('META-INF')) return assembleStandalone(ctx, path, data);
  const inMetaInf = [...ctx.codebase.walk(metaInf)].filter((p) => ctx.codebase.typeOf(p) === 'file');
  const manifests = inMetaInf.filter((p) => fnmatch(`/${p}`, MANIFEST) && hasMavenData(ctx, p));
  const poms = inMetaInf.filter((p) => fnmatch(`/${p}`, NESTED_POM) && hasMavenData(ctx, p));
  if (poms.length > 1 || !manifests.length) return assembleStandalone(ctx, path, data);
  const jarRoot = parentPath(metaInf) ?? '';
  let pkg: Package | null = null;
  for (const datafile of [...poms, ...manifests]) {
    for (const pd of mavenData(ctx, datafile)) {
      if (!pkg && pd.purl) pkg = ctx.createPackage(pd, datafile);
      else if (pkg) ctx.updatePackage(pkg, pd, datafile);
    }
  }
  for (const datafile of [...poms, ...manifests]) {
    for (const pd of mavenData(ctx, datafile)) ctx.addDependencies(pd, datafile, pkg);
    ctx.markProcessed(datafile);
  }
  if (pkg) linkSubtree(ctx, pkg, jarRoot);
}

/** One datafile on its own: the package is linked to the tree ScanCode assigns it. */
function assembleStandalone(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  for (const pd of data) {
    const pkg = pd.purl ? ctx.createPackage(pd, path) : null;
    ctx.addDependencies(pd, path, pkg);
    if (pkg) linkSubtree(ctx, pkg, rootFor(ctx, path, pd));
    if (pkg) ctx.link(path, pkg);
  }
  ctx.markProcessed(path);
}

function rootFor(ctx: AssemblyContext, path: string, pd: PackageData): string | null {
  const dir = parentPath(path) ?? '';
  if (pd.datasource_id !== 'maven_pom') return fnmatch(`/${path}`, MANIFEST) ? parentPath(dir) : dir;
  if (path.endsWith(`META-INF/maven/${pd.namespace}/${pd.name}/pom.xml`)) {
    const metaInf = up(path, 4) ?? '';
    const poms = [...ctx.codebase.walk(metaInf)].filter((p) => p.includes('pom.xml'));
    return poms.length > 1 ? null : parentPath(metaInf);
  }
  return dir;
}

/** Links `dir` (when it is not the codebase root) and everything under it; null links nothing more. */
function linkSubtree(ctx: AssemblyContext, pkg: Package, dir: string | null): void {
  if (dir === null) return;
  if (dir) ctx.link(dir, pkg);
  for (const p of ctx.codebase.walk(dir)) ctx.link(p, pkg);
}

function mavenData(ctx: AssemblyContext, path: string): PackageData[] {
  return ctx.codebase.packageData(path).filter((pd) => MAVEN_IDS.has(pd.datasource_id));
}

function hasMavenData(ctx: AssemblyContext, path: string): boolean {
  return mavenData(ctx, path).length > 0;
}
