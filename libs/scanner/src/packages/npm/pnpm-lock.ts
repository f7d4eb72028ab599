/**
 * `pnpm_lock_yaml` and `pnpm_shrinkwrap_yaml` (ScanCode BasePnpmLockHandler). Package keys by
 * lockfile format:
 * - 5.x and shrinkwrap.yaml: `/name/1.0.0`, `/@scope/name/1.0.0_peer@2.0.0` (peer suffix after `_`)
 * - 6.x: `/name@1.0.0`, `/@scope/name@1.0.0(peer@2.0.0)`
 * - 9.x: `name@1.0.0` in `packages`, with the requirements in `snapshots` (keys with peer suffixes)
 * Importers (or the top-level maps of a single-project lockfile) name the direct dependencies.
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleNpm } from './assemble';
import { integrityChecksums, isObject, loadYamlObject, NPM_COMMON, npmAlias, npmPurl, splitScopedName, str, type JsonObject } from './common';
import { markResolvedRequirements } from './resolved';

type Style = 'v5' | 'v6' | 'v9';
interface PackageId { namespace: string | null; name: string | null; version: string | null }

const EXTRA_FIELDS = ['cpu', 'os', 'engines', 'deprecated', 'hasBin'];
const IMPORTER_SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies'];

function stripPeers(version: string, style: Style): string {
  return style === 'v5' ? version.split('_')[0] : version.split('(')[0];
}

/** A `packages`/`snapshots` key (or an alias value) to name and version. */
export function parsePackageKey(rawKey: string, style: Style): PackageId {
  const key = rawKey.replace(/^\//, '');
  if (style === 'v5') {
    const parts = key.split('/');
    if (parts.length < 2) return { namespace: null, name: null, version: null };
    const version = stripPeers(parts[parts.length - 1], style);
    const scoped = parts.length >= 3 && parts[parts.length - 3].startsWith('@');
    return { namespace: scoped ? parts[parts.length - 3] : null, name: parts[parts.length - 2], version };
  }
  const clean = stripPeers(key, style);
  const at = clean.indexOf('@', 1);
  if (at < 0) return { ...splitScopedName(clean), version: null };
  return { ...splitScopedName(clean.slice(0, at)), version: clean.slice(at + 1) };
}

function styleOf(lock: JsonObject): { style: Style; version: string | number } {
  const v = lock['lockfileVersion'] ?? lock['shrinkwrapVersion'];
  if (v === undefined || v === null) throw new Error('invalid pnpm lockfile: no lockfileVersion');
  const minor = lock['shrinkwrapMinorVersion'];
  const version = lock['lockfileVersion'] === undefined && minor !== undefined ? `${String(v)}.${String(minor)}` : (v as string | number);
  const major = Number.parseInt(String(v), 10);
  if (major <= 5 && major >= 3) return { style: 'v5', version };
  if (major === 6 || major === 7) return { style: 'v6', version };
  if (major === 9) return { style: 'v9', version };
  throw new Error(`unknown pnpm lockfile version: ${String(v)}`);
}

/** `name@version` ids of the importers' dependencies, with the importer section they come from. */
function directIds(lock: JsonObject, style: Style): Map<string, string> {
  const importers = isObject(lock['importers']) ? Object.values(lock['importers']).filter(isObject) : [lock];
  const out = new Map<string, string>();
  for (const importer of importers) {
    for (const section of IMPORTER_SECTIONS) {
      const deps = importer[section];
      if (!isObject(deps)) continue;
      for (const [depName, spec] of Object.entries(deps)) {
        const version = str(isObject(spec) ? spec['version'] : spec);
        if (!version || version.startsWith('link:')) continue;
        const id = /^\d/.test(version) ? { ...splitScopedName(depName), version: stripPeers(version, style) } : parsePackageKey(version, style);
        if (id.name && !out.has(idKey(id))) out.set(idKey(id), section);
      }
    }
  }
  return out;
}

function idKey(id: PackageId): string {
  return `${id.namespace ? `${id.namespace}/` : ''}${id.name}@${id.version}`;
}

function requirements(map: unknown, scope: string, style: Style, flags: Partial<DependencyInput>): DependencyInput[] {
  const out: DependencyInput[] = [];
  if (Array.isArray(map)) {
    for (const n of map) {
      const { namespace, name } = splitScopedName(n);
      if (name) out.push({ purl: npmPurl(namespace, name), scope, is_runtime: false, is_optional: false, is_pinned: false, is_direct: false });
    }
    return out;
  }
  if (!isObject(map)) return out;
  for (const [depName, raw] of Object.entries(map)) {
    const value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null;
    const npmSpec = value ? npmAlias(value) : null;
    const aliasTarget = npmSpec
      ? { namespace: npmSpec.namespace, name: npmSpec.name, version: npmSpec.requirement }
      : value && !/^\d/.test(value) && (value.startsWith('/') || value.indexOf('@', 1) > 0) ? parsePackageKey(value, style) : null;
    const { namespace, name } = aliasTarget?.name ? aliasTarget : splitScopedName(depName);
    if (!name) continue;
    const requirement = aliasTarget?.name ? aliasTarget.version : value ? stripPeers(value, style) : null;
    out.push({ purl: npmPurl(namespace, name), extracted_requirement: requirement, scope, is_runtime: true, is_optional: false, is_pinned: false, is_direct: false, ...flags });
  }
  return out;
}

function subDependencies(data: JsonObject, snapshot: JsonObject, style: Style): DependencyInput[] {
  const merged = (f: string): unknown => (isObject(data[f]) || isObject(snapshot[f]) ? { ...(data[f] as JsonObject), ...(snapshot[f] as JsonObject) } : data[f] ?? snapshot[f]);
  const peerMeta = isObject(data['peerDependenciesMeta']) ? data['peerDependenciesMeta'] : {};
  const peers = requirements(data['peerDependencies'], 'peerDependencies', style, { is_optional: true });
  for (const p of peers) {
    const meta = Object.entries(peerMeta).find(([n]) => npmPurl(splitScopedName(n).namespace, splitScopedName(n).name ?? '') === p.purl)?.[1];
    if (isObject(meta)) p.is_optional = meta['optional'] === true;
  }
  return [
    ...requirements(merged('dependencies'), 'dependencies', style, { is_pinned: true }),
    ...peers,
    ...requirements(merged('optionalDependencies'), 'optionalDependencies', style, { is_pinned: true, is_optional: true }),
    ...requirements(merged('transitivePeerDependencies'), 'transitivePeerDependencies', style, {}),
  ];
}

export function parsePnpmLock(lock: JsonObject, datasourceId: string): PackageData {
  const { style, version: lockfileVersion } = styleOf(lock);
  const packages = isObject(lock['packages']) ? lock['packages'] : {};
  const snapshots = new Map<string, JsonObject>();
  if (isObject(lock['snapshots'])) {
    for (const [k, v] of Object.entries(lock['snapshots'])) {
      const key = idKey(parsePackageKey(k, style));
      if (isObject(v) && !snapshots.has(key)) snapshots.set(key, v);
    }
  }
  const direct = directIds(lock, style);
  const deps: DependencyInput[] = [];
  for (const [key, raw] of Object.entries(packages)) {
    if (!isObject(raw)) continue;
    const fromKey = parsePackageKey(key, style);
    const named = str(raw['name']) ? splitScopedName(raw['name']) : fromKey;
    const id: PackageId = { namespace: named.namespace, name: named.name, version: str(raw['version']) ?? fromKey.version };
    if (!id.name) continue;
    const resolution = isObject(raw['resolution']) ? raw['resolution'] : {};
    const section = direct.get(idKey(fromKey)) ?? direct.get(idKey(id));
    const dev = raw['dev'] === true || section === 'devDependencies';
    const scope = dev ? 'devDependencies' : raw['dev'] === false ? 'dependencies' : section ?? null;
    const extra: Record<string, unknown> = {};
    for (const f of EXTRA_FIELDS) if (raw[f] !== undefined && raw[f] !== null) extra[f] = raw[f];
    const resolved = packageData(datasourceId, {
      type: 'npm',
      namespace: id.namespace,
      name: id.name,
      version: id.version,
      primary_language: NPM_COMMON.defaultPrimaryLanguage,
      download_url: str(resolution['tarball']),
      ...integrityChecksums(resolution['integrity']),
      is_virtual: true,
      dependencies: subDependencies(raw, snapshots.get(idKey(fromKey)) ?? {}, style),
    });
    deps.push({ purl: npmPurl(id.namespace, id.name, id.version), extracted_requirement: id.version, scope, is_runtime: !dev, is_optional: raw['optional'] === true || section === 'optionalDependencies', is_pinned: true, is_direct: section !== undefined, resolved_package: resolved, extra_data: extra });
  }
  markResolvedRequirements(deps);
  return packageData(datasourceId, { type: 'npm', primary_language: NPM_COMMON.defaultPrimaryLanguage, extra_data: { lockfileVersion }, dependencies: deps });
}

function pnpmHandler(datasourceId: string, pattern: string, description: string, documentationUrl: string, what: string): DatafileHandler {
  return {
    datasourceId,
    pathPatterns: [pattern],
    ...NPM_COMMON,
    description,
    documentationUrl,
    parse: ({ content }) => [parsePnpmLock(loadYamlObject(content, what), datasourceId)],
    assemble: assembleNpm,
  };
}

export const pnpmLockYamlHandler = pnpmHandler('pnpm_lock_yaml', '*/pnpm-lock.yaml', 'pnpm pnpm-lock.yaml lockfile', 'https://github.com/pnpm/spec/blob/master/lockfile/6.0.md', 'pnpm-lock.yaml');
export const pnpmShrinkwrapYamlHandler = pnpmHandler('pnpm_shrinkwrap_yaml', '*/shrinkwrap.yaml', 'pnpm shrinkwrap.yaml lockfile', 'https://github.com/pnpm/spec/blob/master/lockfile/4.md', 'shrinkwrap.yaml');
