import { PackageURL } from 'packageurl-js';
import type { PurlParts } from './inventory-item';
import { isObject, text } from './coerce';

/*
 * ScanCode.io stores purl parts and qualifier strings the way packageurl-python
 * writes them. packageurl-js splits and decodes a purl well, but its type-specific
 * rules differ (it lower-cases npm names and rejects a cran purl without a version,
 * both of which ScanCode emits), so only its generic parsing is used here and the
 * Python normalization and quoting are reproduced.
 */

/** Types whose namespace and name packageurl-python lower-cases. */
const CASE_FOLDED_TYPES = new Set(['bitbucket', 'github', 'gitlab', 'pypi']);
const TYPE_PATTERN = /^[a-z.+-][a-z0-9.+-]*$/;
const QUALIFIER_KEY_PATTERN = /^[a-z.\-_][a-z0-9.\-_]*$/;

/** `urllib.parse.quote(value, safe='/')` with ':' left readable, as packageurl-python does. */
export function quote(value: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    return value; // a lone surrogate cannot be percent-encoded; keep the text rather than lose it
  }
  return encoded
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%2F/g, '/')
    .replace(/%3A/g, ':');
}

/** Encodes a qualifiers mapping: keys lower-cased and sorted, empty values dropped. */
export function encodeQualifiers(qualifiers: unknown): string {
  if (typeof qualifiers === 'string') return qualifiers; // already the stored, encoded form
  if (!isObject(qualifiers)) return '';
  const pairs = new Map<string, string>();
  for (const [key, value] of Object.entries(qualifiers)) {
    const cleanKey = key.trim().toLowerCase();
    const cleanValue = text(value);
    if (cleanKey && cleanValue.trim()) pairs.set(cleanKey, cleanValue);
  }
  return [...pairs.keys()]
    .sort()
    .map((key) => `${key}=${quote(pairs.get(key) ?? '')}`)
    .join('&');
}

/** Builds a purl string from stored (decoded) parts, for packages given without one. */
export function buildPurl(parts: PurlParts): string {
  const namespace = parts.namespace.split('/').filter((segment) => segment.trim()).map(quote).join('/');
  const subpath = parts.subpath.split('/').filter((segment) => segment.trim() && segment !== '.' && segment !== '..').map(quote).join('/');
  let purl = `pkg:${quote(parts.type).trim().toLowerCase()}/`;
  if (namespace) purl += `${namespace}/`;
  purl += quote(parts.name).replace(/^\/+|\/+$/g, '');
  if (parts.version) purl += `@${quote(parts.version.trim())}`;
  if (parts.qualifiers) purl += `?${parts.qualifiers}`;
  if (subpath) purl += `#${subpath}`;
  return purl;
}

/** Splits a purl into stored parts; throws an Error saying what is wrong with it. */
export function parsePurl(purl: string): PurlParts {
  const [rawType, rawNamespace, rawName, rawVersion, , rawSubpath] = PackageURL.parseString(purl);
  const type = (rawType ?? '').toLowerCase();
  if (!TYPE_PATTERN.test(type)) throw new Error(type ? `invalid type "${type}"` : 'missing type');
  const foldCase = CASE_FOLDED_TYPES.has(type);
  let name = (rawName ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!name) throw new Error('missing name');
  let namespace = (rawNamespace ?? '').split('/').filter((segment) => segment.trim()).join('/');
  if (foldCase) {
    name = name.toLowerCase();
    namespace = namespace.toLowerCase();
  }
  if (type === 'pypi') name = name.replace(/_/g, '-');
  const subpath = (rawSubpath ?? '').split('/').filter((segment) => segment.trim() && segment !== '.' && segment !== '..').join('/');
  return { type, namespace, name, version: (rawVersion ?? '').trim(), qualifiers: encodeQualifiers(parseQualifiers(purl)), subpath };
}

/**
 * Reads the qualifiers the way packageurl-python does: every pair needs '=', values are
 * percent-decoded but '+' stays '+' (URLSearchParams would turn it into a space).
 */
function parseQualifiers(purl: string): Record<string, string> {
  const hash = purl.indexOf('#');
  const head = hash === -1 ? purl : purl.slice(0, hash);
  const question = head.indexOf('?');
  const query = question === -1 ? '' : head.slice(question + 1);
  const qualifiers: Record<string, string> = {};
  if (!query) return qualifiers;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    if (equals === -1) throw new Error(`qualifier "${pair}" is not a key=value pair`);
    const key = pair.slice(0, equals).trim().toLowerCase();
    const value = decodeURIComponent(pair.slice(equals + 1));
    if (!key || !value.trim()) continue;
    if (!QUALIFIER_KEY_PATTERN.test(key)) throw new Error(`invalid qualifier key "${key}"`);
    qualifiers[key] = value;
  }
  return qualifiers;
}
