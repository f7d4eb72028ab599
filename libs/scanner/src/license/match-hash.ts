import { tokenHash } from './index-data/token-hash';
import type { LicenseIndex } from './license-index';
import type { Query } from './query';
import type { RawMatch } from './types';

/** `1-hash`: the whole text is exactly one rule's text, token for token. */
export function matchWholeText(q: Query, index: LicenseIndex): RawMatch | null {
  const { ids } = q;
  if (ids.length === 0 || ids.includes(-1)) return null;
  const r = index.byHash.get(tokenHash(ids));
  if (r === undefined) return null;
  const rule = index.rules[r];
  if (rule.tokens.length !== ids.length || rule.tokens.some((t, i) => t !== ids[i])) return null;
  return { rule, matcher: '1-hash', qstart: 0, qend: ids.length - 1, matchedLength: ids.length, coverage: 1 };
}
