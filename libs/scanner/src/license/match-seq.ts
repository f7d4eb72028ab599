import { ID_BITS, type LicenseIndex } from './license-index';
import { wordAt, type Query } from './query';
import { chainHits } from './seq-align';
import { hotRegions } from './hot-regions';
import type { RawMatch, Rule } from './types';

/** Share of a rule's distinct tokens the query must contain for the rule to be a candidate. */
const MIN_CONTAINMENT = 0.5;
const MAX_CANDIDATES = 30;
/** Extra candidates, beyond the top ranks, for rules whose tokens the query almost all holds. */
const MAX_EXTRA_CANDIDATES = 10;
const MIN_NOTICE_CONTAINMENT = 0.8;
/** Rule n-gram positions kept per n-gram: repeated phrases beyond this add cost, not recall. */
const MAX_POSITIONS = 16;

/**
 * A rule's n-grams in an open-addressing table over typed arrays (the n-gram's token ids are
 * the key, compared as integers), with each n-gram's first MAX_POSITIONS rule positions.
 */
interface GramTable {
  mask: number;
  /** Token ids of the n-gram in each slot (the third is 0 for bigrams). */
  keys: Int32Array;
  /** Start of the slot's positions in `positions`, -1 for an empty slot. */
  start: Int32Array;
  count: Int32Array;
  positions: Int32Array;
}

const gramCache = new WeakMap<Rule, GramTable>();

export function gramSize(rule: Rule): number {
  return rule.tokens.length >= 24 ? 3 : 2;
}

function gramSlot(mask: number, a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b) ^ Math.imul(c + 0x165667b1, 0xc2b2ae35);
  h ^= h >>> 15;
  return h & mask;
}

/** Slot of the n-gram (a, b, c) in the table, or -1 when the rule does not have it. */
function findGram(t: GramTable, a: number, b: number, c: number): number {
  for (let slot = gramSlot(t.mask, a, b, c); ; slot = (slot + 1) & t.mask) {
    if (t.start[slot] < 0) return -1;
    const k = slot * 3;
    if (t.keys[k] === a && t.keys[k + 1] === b && t.keys[k + 2] === c) return slot;
  }
}

function ruleGrams(rule: Rule): GramTable {
  const cached = gramCache.get(rule);
  if (cached) return cached;
  const n = gramSize(rule);
  const tokens = rule.tokens;
  const lists = new Map<number, number[]>();
  for (let i = 0; i + n <= tokens.length; i++) {
    let key = 0;
    for (let k = 0; k < n; k++) key = key * 2 ** ID_BITS + tokens[i + k];
    const list = lists.get(key);
    if (!list) lists.set(key, [i]);
    else if (list.length < MAX_POSITIONS) list.push(i);
  }
  let capacity = 16;
  while (capacity < lists.size * 2) capacity *= 2;
  const t: GramTable = {
    mask: capacity - 1, keys: new Int32Array(capacity * 3), start: new Int32Array(capacity).fill(-1),
    count: new Int32Array(capacity), positions: new Int32Array([...lists.values()].reduce((sum, l) => sum + l.length, 0)),
  };
  let used = 0;
  for (const list of lists.values()) {
    const i = list[0];
    const a = tokens[i];
    const b = tokens[i + 1];
    const c = n === 3 ? tokens[i + 2] : 0;
    let slot = gramSlot(t.mask, a, b, c);
    while (t.start[slot] >= 0) slot = (slot + 1) & t.mask;
    t.keys.set([a, b, c], slot * 3);
    t.start[slot] = used;
    t.count[slot] = list.length;
    t.positions.set(list, used);
    used += list.length;
  }
  gramCache.set(rule, t);
  return t;
}

/** Per-token stamps of the query being matched (reused between calls; one stamp per call). */
let tokenStamp = new Int32Array(0);
let stamp = 0;
/** Per seq rule: shared distinct tokens (counted for touched rules only), and the stamp of the call that touched it. */
let commonScratch = new Int32Array(0);
let ruleStamp = new Int32Array(0);
/** Per token, one bit for each candidate rule (of one pass) that contains it; zero between calls. */
let tokenMask = new Int32Array(0);

function nextStamp(index: LicenseIndex): number {
  if (tokenStamp.length < index.dictionary.size) tokenStamp = new Int32Array(index.dictionary.size);
  if (ruleStamp.length < index.seqRules.length) {
    ruleStamp = new Int32Array(index.seqRules.length);
    commonScratch = new Int32Array(index.seqRules.length);
  }
  if (stamp >= 0x3ffffff0) {
    tokenStamp.fill(0);
    ruleStamp.fill(0);
    stamp = 0;
  }
  // Two values per call: s marks the query's tokens, s - 1 those already looked up.
  stamp += 2;
  return stamp;
}

/**
 * Candidate rules by token-set containment over the hot regions, best first (ScanCode ranks by
 * set similarity too). Rules are touched through the posting lists of the query's rarer tokens;
 * the tokens most rules have (stored as the lists of rules without them) only adjust the counts
 * of touched rules: a rule that shares nothing but such tokens is no candidate.
 */
export function seqCandidates(q: Query, index: LicenseIndex, regions: number[]): number[] {
  const s = nextStamp(index);
  const { ids, consumed } = q;
  const { seqPostings, seqComplement, seqRules, distinctCount } = index;
  const frequent: number[] = [];
  const touched: number[] = [];
  const common = commonScratch;
  for (let k = 0; k < regions.length; k += 2) {
    for (let i = regions[k]; i <= regions[k + 1]; i++) {
      const id = ids[i];
      if (id < 0 || consumed[i] || tokenStamp[id] === s) continue;
      tokenStamp[id] = s;
      if (seqComplement[id]) {
        frequent.push(id);
        continue;
      }
      const list = seqPostings[id];
      for (let j = 0; j < list.length; j++) {
        const sn = list[j];
        if (ruleStamp[sn] !== s) {
          ruleStamp[sn] = s;
          common[sn] = 0;
          touched.push(sn);
        }
        common[sn]++;
      }
    }
  }
  if (touched.length === 0) return [];
  // A frequent token counts for every touched rule but those on its list (the rules without it).
  for (const id of frequent) {
    const list = seqPostings[id];
    for (let j = 0; j < list.length; j++) if (ruleStamp[list[j]] === s) common[list[j]]--;
  }
  const base = frequent.length;
  const picked: { r: number; rank: number; containment: number }[] = [];
  for (const sn of touched) {
    const c = common[sn] + base;
    const r = seqRules[sn];
    const containment = c / distinctCount[r];
    if (containment >= MIN_CONTAINMENT) picked.push({ r, rank: c * containment, containment });
  }
  // Ties in index order (seq numbers follow it). Sorting the touched rules first for that was half
  // of candidate selection: a file with license text touches thousands.
  picked.sort((a, b) => b.rank - a.rank || a.r - b.r);
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
export function matchSeq(q: Query, index: LicenseIndex, covered: Uint8Array): RawMatch[] {
  if (q.ids.length < 4) return [];
  const regions = hotRegions(q, index, covered);
  if (regions.length === 0) return [];
  const candidates = seqCandidates(q, index, regions);
  if (candidates.length === 0) return [];
  const hits = collectHits(q, index, candidates, regions);
  const out: RawMatch[] = [];
  candidates.forEach((r, c) => {
    const rule = index.rules[r];
    const n = gramSize(rule);
    const { qs, rs } = hits[c];
    if (qs.length === 0) return;
    for (const m of chainHits(qs, rs, n, rule.tokens.length, rule.minimumCoverage)) {
      const coverage = m.ruleCovered / rule.tokens.length;
      const span = m.qend - m.qstart + 1;
      if (coverage < minimumSeqCoverage(rule) || m.ruleCovered < MIN_MATCH_LENGTH || m.queryCovered / span < 0.5) continue;
      if (!keepsRuleSemantics(rule, m.ruleMask, coverage, span)) continue;
      const missedNumbers = countMissedVersions(rule, m.ruleMask, index) + countExtraKeyWords(q, m.qstart, m.qend, rule, index);
      // A notice with a version (or "or later") the query does not state is another license: the
      // job of ScanCode's required phrases. Full texts only lose strength (reformatting).
      if (missedNumbers > 0 && rule.kind !== 'text') continue;
      out.push({ rule, matcher: '3-seq', qstart: m.qstart, qend: m.qend, matchedLength: m.queryCovered, coverage, missedNumbers, queryMask: m.queryMask });
    }
  });
  return out;
}

/** A match shorter than this (in tokens) is no evidence of a license. */
const MIN_MATCH_LENGTH = 4;

/**
 * The share of a rule an approximate match must cover: the rule's own `minimum_coverage` when it
 * has one, else half of a rule under 30 tokens and any share of a longer one (whose matches
 * still need MIN_MATCH_LENGTH tokens and half of their span matched).
 */
function minimumSeqCoverage(rule: Rule): number {
  if (rule.minimumCoverage > 0) return rule.minimumCoverage;
  return rule.tokens.length < 30 ? 0.5 : 0;
}

/**
 * ScanCode's rule semantics for an approximate match: a continuous rule (`is_continuous`) must be
 * matched whole, with nothing inserted; every required phrase (`{{…}}`) must be matched whole.
 */
function keepsRuleSemantics(rule: Rule, ruleMask: Uint8Array, coverage: number, span: number): boolean {
  if (rule.isContinuous && (coverage < 1 || span !== rule.tokens.length)) return false;
  const phrases = rule.requiredPhrases;
  if (!phrases) return true;
  for (let k = 0; k < phrases.length; k += 2) {
    for (let i = phrases[k]; i < phrases[k + 1]; i++) if (!ruleMask[i]) return false;
  }
  return true;
}

/** Candidates handled per pass over the query: one bit each in a token's mask. */
const CANDIDATES_PER_PASS = 30;

/**
 * Each candidate's n-gram hits (query position, rule position), by query position, found in
 * one pass over the query for up to 30 candidates: a token's mask has a bit for each candidate
 * rule that contains it, so only n-grams all of whose tokens one of the rules has are looked up.
 */
function collectHits(q: Query, index: LicenseIndex, candidates: number[], regions: number[]): { qs: number[]; rs: number[] }[] {
  const hits = candidates.map(() => ({ qs: [] as number[], rs: [] as number[] }));
  if (tokenMask.length < index.dictionary.size) tokenMask = new Int32Array(index.dictionary.size);
  const { ids, consumed } = q;
  const len = ids.length;
  for (let from = 0; from < candidates.length; from += CANDIDATES_PER_PASS) {
    const to = Math.min(candidates.length, from + CANDIDATES_PER_PASS);
    const grams: GramTable[] = [];
    let bigramBits = 0;
    let trigramBits = 0;
    for (let c = from; c < to; c++) {
      const r = candidates[c];
      const bit = 1 << (c - from);
      const own = index.distinctTokens[r];
      for (let k = 0; k < own.length; k++) tokenMask[own[k]] |= bit;
      if (gramSize(index.rules[r]) === 3) trigramBits |= bit;
      else bigramBits |= bit;
      grams.push(ruleGrams(index.rules[r]));
    }
    for (let k = 0; k < regions.length; k += 2) for (let i = regions[k], last = Math.min(regions[k + 1], len - 2); i <= last; i++) {
      const a = ids[i];
      const b = ids[i + 1];
      if (a < 0 || b < 0 || consumed[i] || consumed[i + 1]) continue;
      const both = tokenMask[a] & tokenMask[b];
      if (both === 0) continue;
      let three = 0;
      let t = 0;
      if (both & trigramBits && i + 2 < len) {
        t = ids[i + 2];
        if (t >= 0 && !consumed[i + 2]) three = both & trigramBits & tokenMask[t];
      }
      let bits = (both & bigramBits) | three;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const c = 31 - Math.clz32(low);
        const table = grams[c];
        const slot = findGram(table, a, b, low & trigramBits ? t : 0);
        if (slot < 0) continue;
        const h = hits[from + c];
        for (let p = table.start[slot], end = p + table.count[slot]; p < end; p++) {
          h.qs.push(i);
          h.rs.push(table.positions[p]);
        }
      }
    }
    for (let c = from; c < to; c++) {
      const own = index.distinctTokens[candidates[c]];
      for (let k = 0; k < own.length; k++) tokenMask[own[k]] = 0;
    }
  }
  return hits;
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
    else if (index.numberTokens[id] && ((i >= 1 && q.ids[i - 1] === version) || /^v\d/.test(wordAt(q, i) ?? ''))) extra++;
    else if (index.numberTokens[id] && i >= 2 && index.numberTokens[q.ids[i - 1]] && q.ids[i - 2] === version) extra++;
  }
  return extra;
}
