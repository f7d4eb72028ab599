import { ID_BITS, type LicenseIndex } from './license-index';
import type { Query } from './query';
import { chainHits } from './seq-align';
import type { RawMatch, Rule } from './types';

/** Share of a rule's distinct tokens the query must contain for the rule to be a candidate. */
const MIN_CONTAINMENT = 0.5;
const MAX_CANDIDATES = 30;
/** Extra candidates, beyond the top ranks, for rules whose tokens the query almost all holds. */
const MAX_EXTRA_CANDIDATES = 8;
const MIN_NOTICE_CONTAINMENT = 0.8;
/** Rule n-gram positions kept per n-gram: repeated phrases beyond this add cost, not recall. */
const MAX_POSITIONS = 16;

const gramCache = new WeakMap<Rule, Map<number, number[]>>();

export function gramSize(rule: Rule): number {
  return rule.tokens.length >= 24 ? 3 : 2;
}

function gramKey(ids: ArrayLike<number>, at: number, n: number): number {
  let key = 0;
  for (let k = 0; k < n; k++) key = key * 2 ** ID_BITS + ids[at + k];
  return key;
}

function ruleGrams(rule: Rule): Map<number, number[]> {
  let grams = gramCache.get(rule);
  if (grams) return grams;
  grams = new Map();
  const n = gramSize(rule);
  for (let i = 0; i + n <= rule.tokens.length; i++) {
    const key = gramKey(rule.tokens, i, n);
    const list = grams.get(key);
    if (!list) grams.set(key, [i]);
    else if (list.length < MAX_POSITIONS) list.push(i);
  }
  gramCache.set(rule, grams);
  return grams;
}

/** Candidate rules by token-set containment, best first (ScanCode ranks by set similarity too). */
export function seqCandidates(q: Query, index: LicenseIndex): number[] {
  const distinct = new Set<number>();
  for (let i = 0; i < q.ids.length; i++) if (q.ids[i] >= 0 && !q.consumed[i]) distinct.add(q.ids[i]);
  const common = new Int32Array(index.rules.length);
  for (const id of distinct) {
    const list = index.postings.get(id);
    if (list) for (let k = 0; k < list.length; k++) common[list[k]]++;
  }
  const picked: { r: number; rank: number; containment: number }[] = [];
  for (let r = 0; r < common.length; r++) {
    if (common[r] === 0) continue;
    const containment = common[r] / index.distinctCount[r];
    if (containment >= MIN_CONTAINMENT) picked.push({ r, rank: common[r] * containment, containment });
  }
  picked.sort((a, b) => b.rank - a.rank);
  const out = picked.slice(0, MAX_CANDIDATES).map((p) => p.r);
  // A long license text elsewhere in the file fills the top ranks with its look-alikes; short
  // notices that are (nearly) all there still get their turn, best contained first.
  const rest = picked
    .slice(MAX_CANDIDATES)
    .filter((p) => p.containment >= MIN_NOTICE_CONTAINMENT)
    .sort((a, b) => b.containment - a.containment || b.rank - a.rank);
  for (const p of rest.slice(0, MAX_EXTRA_CANDIDATES)) out.push(p.r);
  return out;
}

/**
 * `3-seq`: approximate matches of long rules (full license texts, long notices) that were
 * re-wrapped, commented or lightly edited. The query's n-grams are looked up in the rule,
 * the hits are split into regions, and each region is aligned as the longest chain of hits
 * in order in both texts (a diff's matching blocks, found without the quadratic table).
 */
export function matchSeq(q: Query, index: LicenseIndex): RawMatch[] {
  if (q.ids.length < 4) return [];
  const out: RawMatch[] = [];
  for (const r of seqCandidates(q, index)) {
    const rule = index.rules[r];
    const n = gramSize(rule);
    const grams = ruleGrams(rule);
    const qs: number[] = [];
    const rs: number[] = [];
    for (let i = 0; i + n <= q.ids.length; i++) {
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = q.ids[i + k] >= 0 && !q.consumed[i + k];
      if (!ok) continue;
      const positions = grams.get(gramKey(q.ids, i, n));
      if (!positions) continue;
      for (const p of positions) {
        qs.push(i);
        rs.push(p);
      }
    }
    for (const m of chainHits(qs, rs, n, rule.tokens.length)) {
      const coverage = m.ruleCovered / rule.tokens.length;
      const span = m.qend - m.qstart + 1;
      if (coverage < rule.minimumCoverage || m.queryCovered / span < 0.5) continue;
      const missedNumbers = countMissedVersions(rule, m.ruleMask, index) + countExtraKeyWords(q, m.qstart, m.qend, rule, index);
      // A notice with a version (or "or later") the query does not state is another license: the
      // job of ScanCode's required phrases. Full texts only lose strength (reformatting).
      if (missedNumbers > 0 && rule.kind !== 'text') continue;
      out.push({ rule, matcher: '3-seq', qstart: m.qstart, qend: m.qend, matchedLength: m.queryCovered, coverage, missedNumbers });
    }
  }
  return out;
}

/**
 * Version numbers decide between otherwise identical notices ("either version 2" vs "3"), the
 * job ScanCode's required phrases do: count the rule's "version N" numbers, inside the aligned
 * part, that the query did not match. Clause numbers ("1.", "2.") are not versions.
 */
function countMissedVersions(rule: Rule, mask: Uint8Array, index: LicenseIndex): number {
  const first = mask.indexOf(1);
  const last = mask.lastIndexOf(1);
  const version = index.dictionary.get('version');
  const later = index.dictionary.get('later');
  let missed = 0;
  for (let i = Math.max(first, 1); first >= 0 && i <= last; i++) {
    if (!mask[i] && index.numberTokens[rule.tokens[i]] && rule.tokens[i - 1] === version) missed++;
    // "or any later version" is what makes a notice "-or-later": a query without it is not one.
    if (!mask[i] && rule.tokens[i] === later) missed += 2;
  }
  if (last >= 0 && last < rule.tokens.length - 1 && first >= 0) {
    for (let i = last + 1; i < Math.min(rule.tokens.length, last + 4); i++) if (rule.tokens[i] === later) missed += 2;
  }
  return missed;
}

const KEY_WORDS = ['lesser', 'library', 'affero'];
/** Words that set Creative Commons variants apart; they count wherever they appear. */
const CC_WORDS = ['noncommercial', 'noderivatives', 'noderivs', 'sharealike'];
const keyWordIds = new WeakMap<LicenseIndex, Set<number>>();
const ccWordIds = new WeakMap<LicenseIndex, Set<number>>();
const ruleTokenSets = new WeakMap<Rule, Set<number>>();

/**
 * The other side of version checking: words in the matched query span that name a different
 * member of a license family ("Lesser", "Library", "Affero", a "version 2.1" minor number) and
 * that the rule does not have at all. A GPL notice is not an LGPL notice with one word changed.
 */
function countExtraKeyWords(q: Query, qstart: number, qend: number, rule: Rule, index: LicenseIndex): number {
  let keys = keyWordIds.get(index);
  if (!keys) {
    keys = new Set(KEY_WORDS.map((w) => index.dictionary.get(w)).filter((id): id is number => id !== undefined));
    keyWordIds.set(index, keys);
    ccWordIds.set(index, new Set(CC_WORDS.map((w) => index.dictionary.get(w)).filter((id): id is number => id !== undefined)));
  }
  const cc = ccWordIds.get(index) ?? new Set<number>();
  let ruleSet = ruleTokenSets.get(rule);
  if (!ruleSet) {
    ruleSet = new Set(rule.tokens);
    ruleTokenSets.set(rule, ruleSet);
  }
  const version = index.dictionary.get('version');
  const general = index.dictionary.get('general');
  const gnu = index.dictionary.get('gnu');
  const later = index.dictionary.get('later');
  let extra = 0;
  for (let i = qstart; i <= qend; i++) {
    const id = q.ids[i];
    if (id < 0 || ruleSet.has(id)) continue;
    if (id === later || cc.has(id)) extra++;
    else if (keys.has(id)) {
      // Only as part of the license's name: "GNU Lesser General", "Library General Public".
      if (q.ids[i + 1] === general || q.ids[i + 1] === gnu || q.ids[i - 1] === gnu) extra++;
    }
    else if (index.numberTokens[id] && ((i >= 1 && q.ids[i - 1] === version) || /^v\d/.test(q.words[i]))) extra++;
    else if (index.numberTokens[id] && i >= 2 && index.numberTokens[q.ids[i - 1]] && q.ids[i - 2] === version) extra++;
  }
  return extra;
}
