import { hasPair } from './index-data/trigram-filter';
import { MIN_SEQ_RULE_LENGTH, pairKey, SINGLE_RULE, type LicenseIndex } from './license-index';
import type { Query } from './query';
import type { RawMatch } from './types';

/**
 * `2-aho`: every exact occurrence of a rule's whole token sequence. Rules are looked up by
 * their first two tokens (a hash table does here what ScanCode's Aho-Corasick automaton does:
 * one probe per query position), then compared token by token.
 */
export function matchExact(q: Query, index: LicenseIndex): RawMatch[] {
  const out: RawMatch[] = [];
  const { ids, consumed } = q;
  const n = ids.length;
  const { startsRule } = index;
  for (let i = 0; i < n; i++) {
    if (ids[i] < 0 || consumed[i] || startsRule[ids[i]] === 0) continue;
    if (startsRule[ids[i]] & SINGLE_RULE) for (const r of index.exactSingle.get(ids[i]) ?? []) out.push(exactMatch(index, r, i, i));
    if (i + 1 >= n || ids[i + 1] < 0 || !hasPair(index.pairFilter, ids[i], ids[i + 1])) continue;
    const candidates = index.exactByPair.get(pairKey(ids[i], ids[i + 1]));
    if (!candidates) continue;
    for (const r of candidates) {
      const t = index.rules[r].tokens;
      if (i + t.length > n) continue;
      let k = 2;
      while (k < t.length && ids[i + k] === t[k] && !consumed[i + k]) k++;
      if (k === t.length) out.push(exactMatch(index, r, i, i + t.length - 1));
    }
  }
  return out;
}

function exactMatch(index: LicenseIndex, r: number, qstart: number, qend: number): RawMatch {
  return { rule: index.rules[r], matcher: '2-aho', qstart, qend, matchedLength: qend - qstart + 1, coverage: 1 };
}

/**
 * Query positions inside an exact match of a long rule (one approximate matching could find):
 * text found whole needs no alignment unless something unmatched runs on from it.
 */
export function longMatchCoverage(q: Query, exact: RawMatch[]): Uint8Array {
  const covered = new Uint8Array(q.ids.length);
  for (const m of exact) if (m.rule.tokens.length >= MIN_SEQ_RULE_LENGTH && m.rule.kind !== 'false-positive') covered.fill(1, m.qstart, m.qend + 1);
  return covered;
}
