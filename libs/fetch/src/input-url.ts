import { FetchError } from './fetch-error';

/** How an input URL is fetched, decided the way ScanCode.io's `get_fetcher` does. */
export type InputUrlKind = 'http' | 'git' | 'purl' | 'docker';

/** Schemes ScanCode.io knows; used for the "Did you mean" hint on a mis-cased scheme. */
const KNOWN_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'docker']);

/**
 * Picks the fetcher for a URL. Order and messages copy ScanCode.io (its tests assert them):
 * `git@` first, then `.git` suffix, then `pkg:`, then the case-sensitive scheme.
 */
export function classifyInputUrl(url: string): InputUrlKind {
  if (url.startsWith('git@')) throw new FetchError("SSH 'git@' URLs are not supported. Use https:// instead.");
  if (url.replace(/\/+$/, '').endsWith('.git')) return 'git';
  if (url.startsWith('pkg:')) return 'purl';
  // Like Python's url.split("://")[0]: without "://" the whole string is the "scheme".
  const scheme = url.split('://')[0] ?? '';
  if (scheme === 'http' || scheme === 'https') return 'http';
  if (scheme === 'docker') return 'docker';
  const lower = scheme.toLowerCase();
  const hint = KNOWN_SCHEMES.has(lower) ? ` Did you mean: '${lower}'?` : '';
  throw new FetchError(`URL scheme '${scheme}' is not supported.${hint}`);
}

/** The `#fragment` of an input URL is its tag (e.g. `from`/`to`), capped at 50 characters. */
export function tagFromUrl(url: string): string {
  const hash = url.indexOf('#');
  if (hash === -1) return '';
  // Count code points, not UTF-16 units, as Python's slicing does.
  return Array.from(url.slice(hash + 1)).slice(0, 50).join('');
}

export function stripFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** ScanCode.io accepts several URLs per `input_urls` entry, separated by whitespace. */
export function splitInputUrls(value: string | string[]): string[] {
  const entries = Array.isArray(value) ? value : [value];
  return entries.flatMap((entry) => entry.split(/\s+/)).filter((url) => url !== '');
}
