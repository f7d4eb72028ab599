/**
 * `yarn_lock_v1` and `yarn_lock_v2` (ScanCode YarnLockV1Handler / YarnLockV2Handler): both are
 * `*\/yarn.lock`, told apart by content (berry files have a `__metadata:` block in their first
 * lines). Each entry becomes a pinned dependency with a `resolved_package` holding its own
 * requirements; the requirement is taken from the entry key (`lodash@^4.17.0, lodash@^4.17.21`).
 */
import type { DatafileHandler } from '../handler';
import { packageData, type DependencyInput, type PackageData } from '../package-data';
import { assembleNpm } from './assemble';
import { integrityChecksums, isObject, loadYamlObject, NPM_COMMON, npmAlias, npmPurl, npmUrls, resolvedUrl, splitScopedName, str, type JsonObject } from './common';
import { markResolvedRequirements } from './resolved';
import { readYarnV1, type YarnV1Map } from './yarn-v1-reader';

/** `name@range` -> the package (an `npm:` alias resolves to its target) and the bare range. */
export function parseDescriptor(descriptor: string): { namespace: string | null; name: string | null; range: string } {
  const at = descriptor.indexOf('@', 1);
  const key = at < 0 ? descriptor : descriptor.slice(0, at);
  let range = at < 0 ? '' : descriptor.slice(at + 1);
  const alias = npmAlias(range);
  if (alias) return { namespace: alias.namespace, name: alias.name, range: alias.requirement };
  if (range.startsWith('npm:')) range = range.slice(4);
  return { ...splitScopedName(key), range };
}

/** Berry `__metadata` check on the first ten lines (ScanCode's is_yarn_v2). */
export function isYarnBerry(head: Buffer): boolean {
  return head.toString('utf8').split(/\r?\n/).slice(0, 10).some((l) => l.includes('__metadata:'));
}

function requirementsOf(map: unknown, scope: string, optional: (name: string) => boolean): DependencyInput[] {
  if (!isObject(map)) return [];
  const out: DependencyInput[] = [];
  for (const [depName, raw] of Object.entries(map)) {
    const req = typeof raw === 'string' ? raw : null;
    const alias = req ? npmAlias(req) : null;
    const { namespace, name } = alias ?? splitScopedName(depName);
    if (!name) continue;
    const requirement = alias ? alias.requirement : req?.startsWith('npm:') ? req.slice(4) : req;
    out.push({ purl: npmPurl(namespace, name), extracted_requirement: requirement, scope, is_runtime: true, is_optional: scope === 'optionalDependencies' || optional(depName), is_pinned: false, is_direct: true });
  }
  return out;
}

function lockPackage(datasourceId: string, descriptors: string[], entry: JsonObject | YarnV1Map, version: string | null, isDirect: boolean, sums: Record<string, string>): DependencyInput | null {
  const first = parseDescriptor(descriptors[0]);
  if (!first.name) return null;
  const { namespace, name } = first;
  const meta = (field: string, name2: string): boolean => {
    const m = entry[field];
    return isObject(m) && isObject(m[name2]) && (m[name2] as JsonObject)['optional'] === true;
  };
  const resolved = packageData(datasourceId, {
    type: 'npm',
    namespace,
    name,
    version,
    primary_language: NPM_COMMON.defaultPrimaryLanguage,
    ...npmUrls(namespace, name, version),
    ...sums,
    is_virtual: true,
    dependencies: [
      ...requirementsOf(entry['dependencies'], 'dependencies', (n) => meta('dependenciesMeta', n)),
      ...requirementsOf(entry['optionalDependencies'], 'optionalDependencies', () => true),
      ...requirementsOf(entry['peerDependencies'], 'peerDependencies', (n) => meta('peerDependenciesMeta', n)),
    ],
  });
  // ScanCode's yarn.lock v1 parser writes an unscoped locked package's namespace as '' (not null).
  if (datasourceId === 'yarn_lock_v1' && !resolved.namespace) resolved.namespace = '';
  const requirement = descriptors.map((d) => parseDescriptor(d).range).join(' ');
  return { purl: npmPurl(namespace, name, version), extracted_requirement: requirement, scope: 'dependencies', is_runtime: true, is_optional: false, is_pinned: true, is_direct: isDirect, resolved_package: resolved };
}

/** One dependency per purl (aliases can lock the same package twice), then the pinned marks. */
function finish(datasourceId: string, deps: (DependencyInput | null)[]): PackageData {
  const byPurl = new Map<string, DependencyInput>();
  for (const d of deps) if (d?.purl && !byPurl.has(d.purl)) byPurl.set(d.purl, d);
  const list = [...byPurl.values()];
  markResolvedRequirements(list);
  return packageData(datasourceId, { type: 'npm', primary_language: NPM_COMMON.defaultPrimaryLanguage, dependencies: list });
}

export function parseYarnV1(text: string): PackageData {
  const lock = readYarnV1(text);
  const seen = new Set<YarnV1Map>();
  const groups: { keys: string[]; entry: YarnV1Map }[] = [];
  for (const [key, entry] of Object.entries(lock)) {
    if (typeof entry !== 'object') throw new Error(`invalid yarn.lock (v1): top-level key ${JSON.stringify(key)} is not an entry`);
    if (!seen.has(entry)) groups.push({ keys: [], entry });
    seen.add(entry);
    groups.find((g) => g.entry === entry)?.keys.push(key);
  }
  const deps = groups.map(({ keys, entry }) => {
    const resolved = resolvedUrl(entry['resolved']);
    const sums = { ...(resolved.download_url ? { download_url: resolved.download_url } : {}), ...(resolved.sha1 ? { sha1: resolved.sha1 } : {}), ...integrityChecksums(entry['integrity']) };
    return lockPackage('yarn_lock_v1', keys, entry, str(entry['version']), false, sums as Record<string, string>);
  });
  return finish('yarn_lock_v1', deps);
}

export function parseYarnBerry(content: Buffer): PackageData {
  const lock = loadYamlObject(content, 'yarn.lock (v2)');
  if (!isObject(lock['__metadata'])) throw new Error('invalid yarn.lock (v2): no __metadata block');
  const entries = Object.entries(lock).filter((e): e is [string, JsonObject] => e[0] !== '__metadata' && isObject(e[1]));
  // Workspace entries (`name@workspace:path`) are the project itself: their requirements are the direct ones.
  const isWorkspace = (e: JsonObject): boolean => typeof e['resolution'] === 'string' && e['resolution'].includes('@workspace:');
  const direct = new Set<string>();
  for (const [, e] of entries.filter(([, e]) => isWorkspace(e))) {
    for (const f of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      if (isObject(e[f])) for (const [n, r] of Object.entries(e[f])) direct.add(`${n}@${String(r).includes(':') ? r : `npm:${r}`}`);
    }
  }
  const deps = entries.filter(([, e]) => !isWorkspace(e)).map(([key, e]) => {
    const descriptors = key.split(',').map((k) => k.trim()).filter(Boolean);
    const resolution = str(e['resolution']) ?? descriptors[0];
    const fromResolution = parseDescriptor(resolution).range;
    const version = str(e['version'] === undefined ? null : String(e['version'])) ?? (/^\d/.test(fromResolution) ? fromResolution : null);
    return lockPackage('yarn_lock_v2', descriptors.length ? descriptors : [resolution], e, version, descriptors.some((d) => direct.has(d)), {});
  });
  return finish('yarn_lock_v2', deps);
}

export const yarnLockV1Handler: DatafileHandler = {
  datasourceId: 'yarn_lock_v1',
  pathPatterns: ['*/yarn.lock'],
  ...NPM_COMMON,
  description: 'yarn.lock lockfile v1 format',
  documentationUrl: 'https://classic.yarnpkg.com/lang/en/docs/yarn-lock/',
  accepts: (head) => !isYarnBerry(head),
  parse: ({ content }) => [parseYarnV1(content.toString('utf8'))],
  assemble: assembleNpm,
};

export const yarnLockV2Handler: DatafileHandler = {
  datasourceId: 'yarn_lock_v2',
  pathPatterns: ['*/yarn.lock'],
  ...NPM_COMMON,
  description: 'yarn.lock lockfile v2 format',
  documentationUrl: 'https://classic.yarnpkg.com/lang/en/docs/yarn-lock/',
  accepts: isYarnBerry,
  parse: ({ content }) => [parseYarnBerry(content)],
  assemble: assembleNpm,
};
