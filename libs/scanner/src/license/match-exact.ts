import { hasPair } from './index-data/trigram-filter';
import { MIN_SEQ_RULE_LENGTH, pairKey, SINGLE_RULE, type LicenseIndex } from './license-index';
import type { Query } from './query';
import type { RawMatch } from './types';

/**
 * `2-aho`: every exact occurrence of a rule's whole token sequence. Rules are looked up by
 * their first two tokens (a hash table does here what ScanCode's Aho-Corasick automaton does:
 * one probe per query position), then narrowed token by token in the pair's list, which the
 * index keeps in token order: "licensed under" begins 1,268 rules and "this file" 632, and
 * comparing each one was an eighth of license detection on source code.
 */
export function matchExact(q: Query, index: LicenseIndex): RawMatch[] {
  const out: RawMatch[] = [];
  const { ids, consumed } = q;
  const n = ids.length;
  const { startsRule } = index;
  const found: number[] = [];
  for (let i = 0; i < n; i++) {
    if (ids[i] < 0 || consumed[i] || startsRule[ids[i]] === 0) continue;
    if (startsRule[ids[i]] & SINGLE_RULE) for (const r of index.exactSingle.get(ids[i]) ?? []) out.push(exactMatch(index, r, i, i));
    if (i + 1 >= n || ids[i + 1] < 0 || !hasPair(index.pairFilter, ids[i], ids[i + 1])) continue;
    const candidates = index.exactByPair.get(pairKey(ids[i], ids[i + 1]));
    if (!candidates) continue;
    found.length = 0;
    rulesMatchingAt(index, candidates, q, i, found);
    // Longest first, then in rule order, as the matches of one position always came.
    if (found.length > 1) found.sort((a, b) => index.rules[b].tokens.length - index.rules[a].tokens.length || a - b);
    for (const r of found) out.push(exactMatch(index, r, i, i + index.rules[r].tokens.length - 1));
  }
  return out;
}

/**
 * The rules of a pair's list (in token order after the pair) whose every token follows at
 * query position i, none consumed: at each depth the rules that end there match, and the rest
 * are narrowed to those whose next token is the query's.
 */
function rulesMatchingAt(index: LicenseIndex, list: Int32Array, q: Query, i: number, found: number[]): void {
  const { ids, consumed } = q;
  const { rules } = index;
  let lo = 0;
  let hi = list.length;
  for (let k = 2; lo < hi; k++) {
    while (lo < hi && rules[list[lo]].tokens.length === k) found.push(list[lo++]);
    if (lo >= hi || i + k >= ids.length || consumed[i + k] || ids[i + k] < 0) return;
    const v = ids[i + k];
    lo = firstWithTokenAtLeast(rules, list, lo, hi, k, v);
    hi = firstWithTokenAtLeast(rules, list, lo, hi, k, v + 1);
  }
}

/** First position in list[lo, hi) whose rule's token k is at least v (the range is sorted on it). */
function firstWithTokenAtLeast(rules: LicenseIndex['rules'], list: Int32Array, lo: number, hi: number, k: number, v: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rules[list[mid]].tokens[k] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
