/**
 * Swift assembly (ScanCode BaseSwiftDatafileHandler.assemble). Package.swift.json makes the
 * package, linked to its whole directory tree; a sibling swift-show-dependencies.deplock joins it
 * and its dependency graph replaces the manifest dependencies; else a sibling Package.resolved
 * joins it and its pins replace the manifest dependencies of the same name (the rest of the
 * manifest dependencies are kept). Every dependency is reported against the manifest. Without a
 * manifest, a swift-show-dependencies.deplock makes the package of its directory tree, and a
 * Package.resolved is assembled on its own (project dependencies).
 */
import { assembleDatafileOnly, baseName, datafileDir, joinPath, linkTree, type AssemblyContext, type Package } from '../assembly';
import { packageData, parsePurl, type DependentPackage, type PackageData } from '../package-data';
import { withSwiftPurl } from './common';
import { MANIFEST_DATASOURCE } from './manifest-json';
import { copyJson } from '../copy-json';

const MANIFEST_NAMES = ['Package.swift.json', 'Package.swift.deplock'];
const RESOLVED_NAMES = ['Package.resolved', '.package.resolved'];
const SHOW_DEPENDENCIES_NAMES = ['swift-show-dependencies.deplock'];

function siblingData(ctx: AssemblyContext, dir: string, names: readonly string[]): { path: string; data: readonly PackageData[] } | null {
  for (const name of names) {
    const path = joinPath(dir, name);
    const data = ctx.codebase.packageData(path);
    if (data.length) return { path, data };
  }
  return null;
}

function mergedDependencies(manifest: PackageData, pins: readonly DependentPackage[]): DependentPackage[] {
  const nameOf = (purl: string | null) => (purl ? parsePurl(purl)?.name ?? null : null);
  const pinNames = new Set(pins.map((p) => nameOf(p.purl)));
  const direct = new Set(manifest.dependencies.map((d) => nameOf(d.purl)));
  const resolved = pins.map((p) => ({ ...copyJson(p), is_direct: direct.has(nameOf(p.purl)) }));
  return [...resolved, ...manifest.dependencies.filter((d) => !pinNames.has(nameOf(d.purl)))];
}

function assembleManifest(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  const dir = datafileDir(path);
  // The dependency graph supersedes the pins of Package.resolved.
  const graph = siblingData(ctx, dir, SHOW_DEPENDENCIES_NAMES);
  const resolved = graph ?? siblingData(ctx, dir, RESOLVED_NAMES);
  for (const manifest of data) {
    const pins = resolved ? resolved.data.flatMap((pd) => pd.dependencies) : [];
    const pkg: Package | null = manifest.purl ? ctx.createPackage(manifest, path) : null;
    if (pkg && resolved) {
      for (const pd of resolved.data) ctx.updatePackage(pkg, pd, resolved.path);
    }
    const { datasource_id: _id, purl: _purl, dependencies: _deps, ...rest } = manifest;
    const dependencies = graph ? copyJson(pins) : mergedDependencies(manifest, pins);
    ctx.addDependencies(withSwiftPurl(packageData(MANIFEST_DATASOURCE, { ...rest, dependencies })), path, pkg);
    if (pkg) {
      ctx.link(path, pkg);
      if (resolved) ctx.link(resolved.path, pkg);
      linkTree(ctx, pkg, dir);
    }
  }
  ctx.markProcessed(path);
  if (resolved) ctx.markProcessed(resolved.path);
}

/** A dependency graph without a manifest: its root makes the package of the directory tree. */
function assembleShowDependencies(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  for (const pd of data) {
    const pkg = pd.purl ? ctx.createPackage(pd, path) : null;
    ctx.addDependencies(pd, path, pkg);
    if (pkg) {
      ctx.link(path, pkg);
      linkTree(ctx, pkg, datafileDir(path));
    }
  }
  ctx.markProcessed(path);
}

export function assembleSwift(ctx: AssemblyContext, path: string, data: readonly PackageData[]): void {
  if (MANIFEST_NAMES.includes(baseName(path)) || data.some((pd) => pd.datasource_id === MANIFEST_DATASOURCE)) {
    assembleManifest(ctx, path, data);
    return;
  }
  const manifest = siblingData(ctx, datafileDir(path), MANIFEST_NAMES);
  if (manifest) assembleManifest(ctx, manifest.path, manifest.data);
  else if (SHOW_DEPENDENCIES_NAMES.includes(baseName(path))) assembleShowDependencies(ctx, path, data);
  else assembleDatafileOnly(ctx, path, data);
}
