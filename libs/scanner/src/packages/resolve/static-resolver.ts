/**
 * ScanCode.io's static dependency resolution (`resolve_dependencies` in inspect_packages'
 * StaticResolver group and resolve_dependencies): lockfile entries carry their locked package
 * (`resolved_package`); each becomes (or joins) a package, its own dependencies are attached to
 * it, and the dependency points at it (`resolved_to_package_uid`). Dependencies still
 * unresolved borrow the resolution of an identical resolved one. Finally only direct
 * dependencies are kept: package -> direct dependency -> resolved package.
 */
import { purlOf, type PackageData } from '../package-data';
import { dependenciesFromData, packageFromData, type Dependency, type Package, type UidFactory } from '../assembly/records';
import { copyJson } from '../copy-json';

export interface ResolvedDependency extends Dependency {
  resolved_to_package_uid: string | null;
}

export interface ResolutionResult {
  packages: Package[];
  dependencies: ResolvedDependency[];
  /** Each lockfile linked to the locked packages it lists (ScanCode.io adds the lockfile to their resources). */
  links: { path: string; package_uid: string }[];
}

const INSTALLED_PACKAGE_PATH = /(^|\/)node_modules\//;

/** The purl without qualifiers/subpath noise: what identifies "the same package". */
function identity(purl: string | null): string {
  return purl ?? '';
}

/**
 * A locked package's purl. Some lockfile parsers (cocoapods, swift show-dependencies) keep the
 * locked package as ScanCode serializes it there, without its `purl` field: it is computed from
 * the purl fields, as ScanCode.io does when it creates the package.
 */
function lockedPurl(locked: Partial<PackageData>): string | null {
  if (locked.purl) return locked.purl;
  if (!locked.type || !locked.name) return null;
  return purlOf({ type: locked.type, namespace: locked.namespace ?? null, name: locked.name, version: locked.version ?? null, qualifiers: locked.qualifiers ?? {}, subpath: locked.subpath ?? null });
}

export function resolveStatically(packages: readonly Package[], dependencies: readonly Dependency[], uid: UidFactory): ResolutionResult {
  const outPackages = [...packages];
  const byPurl = new Map<string, Package>();
  for (const p of packages) if (p.purl && !byPurl.has(identity(p.purl))) byPurl.set(identity(p.purl), p);
  const out: ResolvedDependency[] = [];
  const links = new Map<string, { path: string; package_uid: string }>();
  const created = new Set<string>();
  const queue: ResolvedDependency[] = dependencies.map((d) => ({ ...d, resolved_to_package_uid: null }));
  while (queue.length > 0) {
    const dep = queue.shift()!;
    out.push(dep);
    const locked = dep.resolved_package as Partial<PackageData>;
    const purl = locked ? lockedPurl(locked) : null;
    if (!purl) continue;
    let pkg = byPurl.get(identity(purl));
    // A lockfile shipped inside an installed package (node_modules/x/yarn.lock) records how that
    // package was developed, not what is installed here: it links to installed packages only.
    if (!pkg && INSTALLED_PACKAGE_PATH.test(dep.datafile_path)) continue;
    if (pkg) fillEmptyFields(pkg, locked);
    else {
      // As in ScanCode.io: a locked package has no datafile of its own (datafile_paths is empty);
      // the lockfile that lists it is one of its resources.
      pkg = packageFromData({ ...(locked as PackageData), purl }, dep.datafile_path, uid);
      pkg.datafile_paths = [];
      pkg.datasource_ids = [dep.datasource_id];
      outPackages.push(pkg);
      byPurl.set(identity(purl), pkg);
      created.add(pkg.package_uid);
      // The locked package's own requirements become its dependencies (resolved in turn).
      const nested = dependenciesFromData({ ...(locked as PackageData), dependencies: locked.dependencies ?? [], datasource_id: dep.datasource_id }, dep.datafile_path, pkg.package_uid, uid);
      queue.push(...nested.map((n) => ({ ...n, resolved_to_package_uid: null })));
    }
    if (created.has(pkg.package_uid)) links.set(`${dep.datafile_path}\0${pkg.package_uid}`, { path: dep.datafile_path, package_uid: pkg.package_uid });
    dep.resolved_to_package_uid = pkg.package_uid;
  }
  matchUnresolved(out, byPurl);
  return { packages: outPackages, dependencies: out.filter((d) => d.is_direct), links: [...links.values()] };
}

/**
 * ScanCode.io's update_or_create_package for a package that exists: its empty fields take the
 * locked entry's values (an installed package.json has no checksum; its lockfile entry has the
 * integrity and the download URL), nothing it has is replaced, and its datafiles are unchanged.
 */
function fillEmptyFields(pkg: Package, locked: Partial<PackageData>): void {
  const target = pkg as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(locked)) {
    if (!(field in target) || FIELDS_KEPT.has(field) || value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const current = target[field];
    const empty = current === null || current === undefined || current === '' || (Array.isArray(current) && current.length === 0) || (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.keys(current).length === 0);
    if (empty) target[field] = copyJson(value);
  }
}

/** Identity and provenance stay the existing package's. */
const FIELDS_KEPT = new Set(['package_uid', 'purl', 'type', 'namespace', 'name', 'version', 'qualifiers', 'subpath', 'datafile_paths', 'datasource_ids', 'datasource_id', 'dependencies']);

/** ScanCode.io's match_and_resolve_dependencies: an unresolved dependency takes the package of a resolved twin. */
function matchUnresolved(deps: ResolvedDependency[], byPurl: ReadonlyMap<string, Package>): void {
  const resolvedByKey = new Map<string, string>();
  const resolvedByName = new Map<string, string>();
  for (const d of deps) {
    if (!d.resolved_to_package_uid || !d.purl) continue;
    resolvedByKey.set(`${baseOf(d.purl)} ${d.extracted_requirement ?? ''}`, d.resolved_to_package_uid);
    if (d.datasource_id && /lock|shrinkwrap|resolved/.test(d.datasource_id)) resolvedByName.set(baseOf(d.purl), d.resolved_to_package_uid);
  }
  for (const d of deps) {
    if (d.resolved_to_package_uid || !d.purl) continue;
    const exact = byPurl.get(identity(d.purl));
    d.resolved_to_package_uid =
      (d.purl.includes('@') && exact ? exact.package_uid : null) ??
      resolvedByKey.get(`${baseOf(d.purl)} ${d.extracted_requirement ?? ''}`) ??
      resolvedByName.get(baseOf(d.purl)) ??
      null;
  }
}

/** `pkg:npm/foo@1.0?x=y` -> `pkg:npm/foo`. */
function baseOf(purl: string): string {
  const at = purl.lastIndexOf('@');
  const slash = purl.lastIndexOf('/');
  const q = purl.search(/[?#]/);
  const end = at > slash ? at : q >= 0 ? q : purl.length;
  return purl.slice(0, end);
}
