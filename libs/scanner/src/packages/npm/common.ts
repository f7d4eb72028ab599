/**
 * Shared bits of the npm family (ScanCode packagedcode/npm.py): JSON/YAML loading with a clear
 * error, scoped names, registry URLs, `resolved`/`integrity` checksums, the license statement.
 */
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { dependencyPurl } from '../package-data';

export type JsonObject = Record<string, unknown>;

export const NPM_COMMON = {
  defaultPackageType: 'npm',
  defaultPrimaryLanguage: 'JavaScript',
} as const;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** A JSON document that must be an object; throws `invalid <what>: ...` otherwise. */
export function loadJsonObject(content: Buffer, what: string): JsonObject {
  let data: unknown;
  try {
    data = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`invalid ${what}: ${(e as Error).message}`);
  }
  if (!isObject(data)) throw new Error(`invalid ${what}: the top level is not a JSON object`);
  return data;
}

/** A YAML document that must be a mapping; throws `invalid <what>: ...` otherwise. */
export function loadYamlObject(content: Buffer, what: string): JsonObject {
  let data: unknown;
  try {
    data = parseYaml(content.toString('utf8'), { uniqueKeys: false, maxAliasCount: -1 });
  } catch (e) {
    throw new Error(`invalid ${what}: ${((e as Error).message ?? String(e)).split('\n')[0]}`);
  }
  if (!isObject(data)) throw new Error(`invalid ${what}: the top level is not a mapping`);
  return data;
}

/** `@scope/name` -> ['@scope', 'name']; percent-encoded `%40`/`%2f` are decoded (split_scoped_package_name). */
export function splitScopedName(raw: unknown): { namespace: string | null; name: string | null } {
  if (typeof raw !== 'string') return { namespace: null, name: null };
  const n = raw.trim().replace(/%40/g, '@').replace(/%2f/gi, '/').replace(/@+$/, '').replace(/^\/+|\/+$/g, '').trim();
  if (!n) return { namespace: null, name: null };
  if (n.startsWith('@') && !n.includes('/')) return { namespace: n, name: null };
  const i = n.lastIndexOf('/');
  if (i < 0) return { namespace: null, name: n };
  return { namespace: n.slice(0, i).trim() || null, name: n.slice(i + 1).trim() || null };
}

export function fullName(namespace: string | null, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export interface NpmUrls {
  repository_homepage_url: string | null;
  repository_download_url: string | null;
  api_data_url: string | null;
}

export function npmDownloadUrl(namespace: string | null, name: string | null, version: string | null): string | null {
  return name && version ? `https://registry.npmjs.org/${fullName(namespace, name)}/-/${name}-${version}.tgz` : null;
}

/** The registry URLs ScanCode computes (`get_urls`); the API URL keeps the legacy `%2f` for scoped names. */
export function npmUrls(namespace: string | null, name: string | null, version: string | null): NpmUrls {
  if (!name) return { repository_homepage_url: null, repository_download_url: null, api_data_url: null };
  const apiName = namespace ? `${namespace}%2f${name}` : name;
  return {
    repository_homepage_url: `https://www.npmjs.com/package/${fullName(namespace, name)}`,
    repository_download_url: npmDownloadUrl(namespace, name, version),
    api_data_url: `https://registry.npmjs.org/${apiName}${version ? `/${version}` : ''}`,
  };
}

/** An npm purl without version (a requirement), or with one (a locked package). */
export function npmPurl(namespace: string | null, name: string, version?: string | null): string | null {
  return dependencyPurl('npm', namespace || null, name, version ?? null);
}

export interface Checksums {
  sha1?: string;
  sha256?: string;
  sha512?: string;
  md5?: string;
}

/** `sha512-<base64>` (SRI, possibly several space-separated) -> `{ sha512: <hex> }` (get_algo_hexsum). */
export function integrityChecksums(integrity: unknown): Checksums {
  const out: Checksums = {};
  if (typeof integrity !== 'string') return out;
  for (const part of integrity.trim().split(/\s+/)) {
    const dash = part.indexOf('-');
    if (dash < 0) continue;
    const algo = part.slice(0, dash);
    if (algo !== 'sha1' && algo !== 'sha256' && algo !== 'sha512' && algo !== 'md5') continue;
    const hex = Buffer.from(part.slice(dash + 1), 'base64').toString('hex');
    if (hex && !out[algo]) out[algo] = hex;
  }
  return out;
}

/**
 * A `resolved` URL -> download_url, plus the sha1 of a `#<40 hex>` fragment (get_checksum_and_url).
 * Git URLs keep their fragment: there it is a commit, not a tarball checksum.
 */
export function resolvedUrl(resolved: unknown): { download_url?: string; sha1?: string } {
  if (typeof resolved !== 'string' || !resolved.trim()) return {};
  const url = resolved.trim();
  if (/^git(\+|:)/.test(url)) return { download_url: url };
  const hash = url.indexOf('#');
  if (hash < 0) return { download_url: url };
  const fragment = url.slice(hash + 1);
  const base = url.slice(0, hash);
  return /^[0-9a-f]{40}$/i.test(fragment) ? { download_url: base, sha1: fragment } : { download_url: base };
}

/**
 * The extracted license statement as ScanCode-toolkit 32.3 reports it: a single license string is
 * kept as is; anything else (legacy `{type, url}` objects, `licenses` lists, both fields) is the
 * YAML dump of the list of declared items, as ScanCode's saneyaml does (`- MIT\n- type: ...`).
 */
export function licenseStatement(items: readonly unknown[]): string | null {
  const kept = items.filter((x) => x !== null && x !== undefined && x !== '');
  if (kept.length === 0) return null;
  if (kept.length === 1 && typeof kept[0] === 'string') return kept[0];
  return stringifyYaml(kept);
}

/** An `npm:<name>@<range>` alias spec -> the real name and range, or null when not an alias. */
export function npmAlias(spec: string): { namespace: string | null; name: string; requirement: string } | null {
  if (!spec.startsWith('npm:')) return null;
  const body = spec.slice(4);
  const at = body.lastIndexOf('@');
  if (at <= 0) return null; // `npm:^1.2.0` is a plain range (yarn berry), not an alias
  const { namespace, name } = splitScopedName(body.slice(0, at));
  return name ? { namespace, name, requirement: body.slice(at + 1) } : null;
}
