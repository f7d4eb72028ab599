/**
 * Shared bits of the Swift handlers (ScanCode packagedcode/swift.py): JSON loading with a clear
 * error, and ScanCode's namespace/name of a repository URL (`host + path` without `.git`, split
 * on the last `/`: `https://github.com/apple/swift-nio.git` -> `github.com/apple`, `swift-nio`).
 */
import { dependencyPurl, type PackageData } from '../package-data';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function loadJsonObject(content: Buffer, what: string): Json {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new Error(`invalid ${what}: ${(e as Error).message}`);
  }
  if (!isObject(json)) throw new Error(`invalid ${what}: not a JSON object`);
  return json;
}

/** `git@github.com:org/repo.git` (scp-like) is read as `ssh://git@github.com/org/repo.git`. */
export function namespaceAndName(url: string): { namespace: string | null; name: string } | null {
  const scpLike = /^[\w.-]+@([^:/]+):(.*)$/.exec(url);
  const normalized = scpLike ? `ssh://${scpLike[1]}/${scpLike[2]}` : url;
  let parsed: URL;
  try {
    parsed = new URL(normalized);
  } catch {
    return null;
  }
  const path = decodeURIComponent(parsed.pathname).replace(/\/+$/, '').replace(/\.git$/, '');
  const canonical = `${parsed.hostname}${path}`;
  const i = canonical.lastIndexOf('/');
  if (i < 0) return { namespace: null, name: canonical };
  return { namespace: canonical.slice(0, i) || null, name: canonical.slice(i + 1) };
}

/**
 * The purl of swift parts. packageurl-js requires a namespace and a version for swift; ScanCode
 * (python packageurl) also emits `pkg:swift/MapboxMaps` (a manifest's own package, local pins)
 * and versionless dependency purls: those are written here by hand, segments percent-encoded.
 */
export function swiftPurl(namespace: string | null, name: string, version: string | null): string | null {
  if (namespace && version) return dependencyPurl('swift', namespace, name, version);
  const enc = (s: string) => encodeURIComponent(s).replace(/%3A/g, ':');
  const ns = namespace ? `${namespace.split('/').filter(Boolean).map(enc).join('/')}/` : '';
  return `pkg:swift/${ns}${enc(name)}${version ? `@${enc(version)}` : ''}`;
}

/** Fills the purl packageurl-js could not build (see swiftPurl). */
export function withSwiftPurl(pd: PackageData): PackageData {
  if (!pd.purl && pd.name) pd.purl = swiftPurl(pd.namespace, pd.name, pd.version);
  return pd;
}
