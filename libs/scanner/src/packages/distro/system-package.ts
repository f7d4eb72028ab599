/**
 * Shared pieces of the installed-database assemblies (dpkg, apk, rpm): the rootfs root of a
 * database path, a PackageData re-namespaced from the distro, and linking file references
 * (absolute paths inside the rootfs) to codebase files, recording the missing ones as ScanCode
 * does (`extra_data.missing_file_references`) plus one assembly warning per package.
 */
import { joinPath, type AssemblyContext, type Package } from '../assembly';
import { distroFromOsRelease } from './os-release';
import { packageData, parsePurl, purlOf, type FileReference, type PackageData } from '../package-data';

/** The rootfs root of a datafile whose path ends with `suffix` ('' for the codebase root), or null. */
export function rootOf(path: string, suffix: string): string | null {
  if (path === suffix) return '';
  if (!path.endsWith(`/${suffix}`)) return null;
  return path.slice(0, path.length - suffix.length - 1);
}

/** `data` with another purl namespace (its purl recomputed), and its namespace-less source purls too. */
export function withNamespace(data: PackageData, namespace: string | null): PackageData {
  if (!namespace || data.namespace === namespace) return data;
  const sources = data.source_packages.map((s) => {
    const p = parsePurl(s);
    return p && !p.namespace && p.type === data.type ? (purlOf({ ...p, namespace }) ?? s) : s;
  });
  return packageData(data.datasource_id, { ...data, namespace, source_packages: sources });
}

/** Codebase path of a rootfs file reference (`/usr/bin/x` or `usr/bin/x` under `root`). */
export function referencePath(root: string, ref: FileReference): string {
  return joinPath(root, ref.path.replace(/^\/+/, ''));
}

/**
 * Links every referenced file present in the codebase to `pkg`, and records the references as
 * the package's installed files (`ctx.installedFiles`); returns the missing references (sorted
 * by path), stored in `pkg.extra_data.missing_file_references` and warned about. A reference
 * through a symlinked directory (merged /usr: dpkg lists `/bin/bash`, the file is
 * `usr/bin/bash` behind `bin -> usr/bin`) names the file at its real path, when the view can
 * resolve it (a root on disk); a reference to a symlink itself is missing, as ScanCode has it.
 */
export function linkFileReferences(ctx: AssemblyContext, pkg: Package, root: string, refs: readonly FileReference[], datafilePath: string): FileReference[] {
  const missing: FileReference[] = [];
  const installed: FileReference[] = [];
  for (const ref of refs) {
    const path = referencePath(root, ref);
    const type = ctx.codebase.typeOf(path);
    if (type !== undefined && type !== 'symlink') {
      ctx.link(path, pkg);
      installed.push(ref);
      continue;
    }
    const real = type === undefined ? ctx.codebase.realPath(path) : null;
    if (real !== null && ctx.codebase.typeOf(real) === 'file' && (root === '' || real.startsWith(`${root}/`))) {
      ctx.link(real, pkg);
      installed.push({ ...ref, path: `/${root === '' ? real : real.slice(root.length + 1)}` });
      continue;
    }
    missing.push(ref);
    installed.push(ref);
  }
  ctx.installedFiles.set(pkg.package_uid, [...(ctx.installedFiles.get(pkg.package_uid) ?? []), ...installed]);
  if (missing.length) {
    missing.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    pkg.extra_data['missing_file_references'] = missing;
    const sample = missing.slice(0, 3).map((r) => r.path).join(', ');
    ctx.warn(datafilePath, `${pkg.purl ?? pkg.name}: ${missing.length} installed file(s) not found in the codebase: ${sample}${missing.length > 3 ? ', ...' : ''}`);
  }
  return missing;
}

/**
 * The assembly of an installed-package database (apk installed, rpmdb): one package per entry,
 * in the distro's namespace from os-release when `namespaced` (rpm; ScanCode's alpine purls
 * have none), linked to the database file and to the files its entry lists (missing ones
 * recorded), with its dependencies.
 */
export function assembleInstalledDatabase(ctx: AssemblyContext, path: string, data: readonly PackageData[], root: string, namespaced = true): void {
  const distro = namespaced ? distroFromOsRelease(ctx, root) : null;
  for (const raw of data) {
    const pd = withNamespace(raw, distro?.id ?? null);
    const pkg = ctx.createPackage(pd, path);
    ctx.link(path, pkg);
    ctx.addDependencies(pd, path, pkg);
    linkFileReferences(ctx, pkg, root, pd.file_references, path);
  }
  ctx.markProcessed(path);
}
