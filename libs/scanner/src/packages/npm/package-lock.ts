/**
 * `npm_package_lock_json` and `npm_shrinkwrap_json` (ScanCode BaseNpmLockHandler): the root
 * package and every locked package as a pinned dependency whose `resolved_package` carries the
 * download URL, checksums and its own requirements.
 *
 * lockfileVersion 1 nests `dependencies` (installed under the parent's node_modules) and lists
 * requirements in `requires`; 2 and 3 have the flat `packages` map keyed by install path
 * (`node_modules/a/node_modules/b`), which is the source of truth here. `link: true` entries are
 * workspace symlinks resolved to their target folder entry; folder entries themselves (workspace
 * members, `packages/x`) are not dependencies.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleNpm } from './assemble';
import { integrityChecksums, isObject, loadJsonObject, NPM_COMMON, npmAlias, npmPurl, npmUrls, resolvedUrl, splitScopedName, str, type JsonObject } from './common';
import { mapDependencies } from './manifest-fields';
import { markResolvedRequirements } from './resolved';

interface LockEntry {
  /** Install path (v2/v3) or name path (v1). */
  key: string;
  name: string;
  data: JsonObject;
  /** Folder entry a `link: true` entry points to (v2/v3). */
  target?: JsonObject;
  isDirect: boolean;
}

const SUB_SCOPES: [string, string][] = [
  ['dependencies', 'dependencies'],
  ['optionalDependencies', 'optionalDependencies'],
  ['peerDependencies', 'peerDependencies'],
];

/** Requirements of a locked package (`requires` in v1, the dependency maps in v2/v3). */
function subDependencies(entry: LockEntry, lockfileVersion: number, parent: { scope: string; is_runtime: boolean; is_optional: boolean }): DependencyInput[] {
  const source = entry.target ?? entry.data;
  const maps: [unknown, string][] = lockfileVersion === 1 ? [[source['requires'], 'dependencies']] : SUB_SCOPES.map(([field, scope]) => [source[field], scope]);
  const out: DependencyInput[] = [];
  for (const [map, kind] of maps) {
    if (!isObject(map)) continue;
    for (const [depName, rawReq] of Object.entries(map)) {
      let { namespace, name } = splitScopedName(depName);
      let requirement = typeof rawReq === 'string' ? rawReq : null;
      const alias = requirement ? npmAlias(requirement) : null;
      if (alias) ({ namespace, name, requirement } = alias);
      if (!name) continue;
      const optional = kind === 'optionalDependencies' || (kind === 'peerDependencies' && isObject(source['peerDependenciesMeta']) && isObject(source['peerDependenciesMeta'][depName]) && source['peerDependenciesMeta'][depName]['optional'] === true);
      const scope = kind === 'dependencies' ? parent.scope : kind;
      out.push({ purl: npmPurl(namespace, name), extracted_requirement: requirement, scope, is_runtime: parent.is_runtime, is_optional: parent.is_optional || optional, is_pinned: false, is_direct: true });
    }
  }
  return out;
}

function lockedDependency(entry: LockEntry, lockfileVersion: number, datasourceId: string): DependencyInput {
  const d = entry.data;
  const dev = d['dev'] === true || d['devOptional'] === true;
  const flags = dev ? { scope: 'devDependencies', is_runtime: false, is_optional: true } : { scope: 'dependencies', is_runtime: true, is_optional: d['optional'] === true };
  const source = entry.target ?? d;
  const { namespace, name } = splitScopedName(str(source['name']) ?? entry.name);
  const version = str(source['version']);
  const extra: Record<string, unknown> = {};
  if (d['link'] === true) extra['link'] = str(d['resolved']);
  if (source['bundled'] === true || d['bundled'] === true) extra['bundled'] = true;
  const resolved = resolvedUrl(d['resolved']);
  const resolvedPackage = packageData(datasourceId, {
    type: 'npm',
    namespace,
    name,
    version,
    primary_language: NPM_COMMON.defaultPrimaryLanguage,
    ...npmUrls(namespace, name, version),
    ...(d['link'] === true ? {} : resolved),
    ...integrityChecksums(d['integrity']),
    extracted_license_statement: typeof source['license'] === 'string' ? source['license'] : null,
    file_references: lockfileVersion === 1 ? [] : [{ path: entry.key, size: 0, sha1: null, md5: null, sha256: null, sha512: null, extra_data: {} }],
    is_virtual: true,
    dependencies: subDependencies(entry, lockfileVersion, flags),
  });
  return { purl: npmPurl(namespace, name ?? entry.name, version), extracted_requirement: version, ...flags, is_pinned: true, is_direct: entry.isDirect, resolved_package: resolvedPackage, extra_data: extra };
}

/** v1: nested `dependencies` trees, depth first, keyed by the chain of names. */
function v1Entries(deps: unknown, prefix: string, out: LockEntry[]): LockEntry[] {
  if (!isObject(deps)) return out;
  for (const [name, data] of Object.entries(deps)) {
    if (!isObject(data)) continue;
    const key = prefix ? `${prefix}/node_modules/${name}` : name;
    out.push({ key, name, data, isDirect: false });
    v1Entries(data['dependencies'], key, out);
  }
  return out;
}

/** v2/v3: the `packages` map; `directNames` are the root's declared dependency names. */
function v2Entries(packages: JsonObject, directNames: Set<string>): LockEntry[] {
  const out: LockEntry[] = [];
  for (const [key, data] of Object.entries(packages)) {
    if (!key || !isObject(data)) continue;
    const i = key.lastIndexOf('node_modules/');
    if (i < 0) continue; // a workspace folder entry, reached through its link
    const name = key.slice(i + 'node_modules/'.length);
    const target = data['link'] === true && typeof data['resolved'] === 'string' && isObject(packages[data['resolved']]) ? (packages[data['resolved']] as JsonObject) : undefined;
    out.push({ key, name, data, target, isDirect: i === 0 && directNames.has(name) });
  }
  return out;
}

export function parsePackageLock(json: JsonObject, datasourceId: string): PackageData {
  const lockfileVersion = typeof json['lockfileVersion'] === 'number' ? json['lockfileVersion'] : 1;
  const packages = isObject(json['packages']) ? json['packages'] : null;
  const root = packages && isObject(packages['']) ? packages[''] : null;
  const { namespace, name } = splitScopedName(json['name'] ?? root?.['name']);
  const version = str(json['version']) ?? str(root?.['version']);

  const rootDeps: DependencyInput[] = [];
  let license: string | null = null;
  const directNames = new Set<string>();
  if (root && str(root['name']) === (str(json['name']) ?? str(root['name']))) {
    license = typeof root['license'] === 'string' ? root['license'] : null;
    mapDependencies(rootDeps, root['devDependencies'], 'devDependencies');
    mapDependencies(rootDeps, root['optionalDependencies'], 'optionalDependencies');
  }
  for (const f of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    if (root && isObject(root[f])) for (const n of Object.keys(root[f])) directNames.add(n);
  }
  const entries = lockfileVersion === 1 || !packages ? v1Entries(json['dependencies'], '', []) : v2Entries(packages, directNames);
  const locked = entries.map((e) => lockedDependency(e, lockfileVersion === 1 || !packages ? 1 : lockfileVersion, datasourceId));
  markResolvedRequirements(locked);

  return packageData(datasourceId, {
    type: 'npm',
    namespace,
    name,
    version,
    primary_language: NPM_COMMON.defaultPrimaryLanguage,
    extracted_license_statement: license,
    extra_data: { lockfile_version: lockfileVersion },
    dependencies: [...rootDeps, ...locked],
    ...npmUrls(namespace, name, version),
  });
}

function lockHandler(datasourceId: string, pathPatterns: string[], description: string, documentationUrl: string, what: string): DatafileHandler {
  return {
    datasourceId,
    pathPatterns,
    ...NPM_COMMON,
    description,
    documentationUrl,
    parse: ({ content }) => [parsePackageLock(loadJsonObject(content, what), datasourceId)],
    assemble: assembleNpm,
  };
}

export const npmPackageLockJsonHandler = lockHandler(
  'npm_package_lock_json', ['*/package-lock.json', '*/.package-lock.json'], 'npm package-lock.json lockfile',
  'https://docs.npmjs.com/cli/v8/configuring-npm/package-lock-json', 'package-lock.json',
);

export const npmShrinkwrapJsonHandler = lockHandler(
  'npm_shrinkwrap_json', ['*/npm-shrinkwrap.json'], 'npm shrinkwrap.json lockfile',
  'https://docs.npmjs.com/cli/v8/configuring-npm/npm-shrinkwrap-json', 'npm-shrinkwrap.json',
);
