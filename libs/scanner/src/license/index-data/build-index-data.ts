import { computeRelevance, ruleTokens } from '../rule-tokens';
import type { RuleSource } from '../rule-source';
import type { IndexData, RuleMeta } from './index-data';
import { tokenHash } from './token-hash';
import { addTrigram, TRIGRAM_FILTER_WORDS } from './trigram-filter';
import { legaleseTokens } from './legalese';
import { unknownNgramKeys } from './unknown-ngrams';

/** Rules shorter than this (ScanCode's small rules) are matched exactly only. */
export const MIN_SEQ_RULE_LENGTH = 15;
/** Token ids fit in 17 bits so a token pair packs into one safe integer key. */
export const ID_BITS = 17;
/** A license with at least this many rules is a common one (preferred in near ties). */
const COMMON_RULE_COUNT = 20;

export function pairKey(a: number, b: number): number {
  return a * 2 ** ID_BITS + b;
}

interface TokenizedRule {
  meta: RuleMeta;
  tokens: number[];
  phrases: number[];
}

/** Builds the index arrays from rule sources (the LicenseDB's licenses and rules). */
export function buildIndexData(sources: RuleSource[]): IndexData {
  const dictionary = new Map<string, number>();
  const idOf = (w: string): number => {
    let id = dictionary.get(w);
    if (id === undefined) {
      id = dictionary.size;
      dictionary.set(w, id);
    }
    return id;
  };
  const rules = tokenizeRules(sources, idOf);
  if (dictionary.size >= 2 ** ID_BITS) throw new Error(`license dictionary too large: ${dictionary.size}`);
  markCommon(rules);

  const ruleStart = new Int32Array(rules.length + 1);
  const phraseStart = new Int32Array(rules.length + 1);
  rules.forEach((r, i) => {
    ruleStart[i + 1] = ruleStart[i] + r.tokens.length;
    phraseStart[i + 1] = phraseStart[i] + r.phrases.length;
  });
  const tokens = new Int32Array(ruleStart[rules.length]);
  const phrases = new Int32Array(phraseStart[rules.length]);
  rules.forEach((r, i) => {
    tokens.set(r.tokens, ruleStart[i]);
    phrases.set(r.phrases, phraseStart[i]);
  });

  const pairs = new Map<number, number[]>();
  const singles = new Map<number, number[]>();
  const hashes: [number, number][] = [];
  rules.forEach((r, i) => {
    const t = r.tokens;
    if (t.length === 1) push(singles, t[0], i);
    else push(pairs, pairKey(t[0], t[1]), i);
    hashes.push([tokenHash(t), i]);
  });
  for (const list of pairs.values()) list.sort((a, b) => byTokensAfterPair(rules[a].tokens, rules[b].tokens) || a - b);
  const pairTable = flatten(pairs, Float64Array);
  const singleTable = flatten(singles, Int32Array);
  hashes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  const seq = buildSeqTables(rules, dictionary.size);
  const numberTokens = new Uint8Array(dictionary.size);
  for (const [word, id] of dictionary) if (/^v?\d+\+?$/.test(word)) numberTokens[id] = 1;
  const words = [...dictionary.keys()];
  const legalese = legaleseTokens(words, rules.filter((r) => r.meta.kind === 'text').map((r) => r.tokens));
  const unknownNgrams = unknownNgramKeys(rules.map((r) => ({ tokens: r.tokens, falsePositive: r.meta.kind === 'false-positive' })), words, legalese);
  return {
    words,
    rules: rules.map((r) => r.meta),
    tokens, ruleStart, phrases, phraseStart,
    pairKeys: pairTable.keys, pairStart: pairTable.start, pairRules: pairTable.values,
    singleKeys: singleTable.keys, singleStart: singleTable.start, singleRules: singleTable.values,
    hashKeys: Float64Array.from(hashes, (h) => h[0]), hashRules: Int32Array.from(hashes, (h) => h[1]),
    ...seq,
    numberTokens,
    trigramFilter: trigramFilter(rules, seq.seqRules),
    legalese,
    unknownNgrams,
  };
}

/**
 * The order of a pair's rules: by their tokens after the pair, a rule before the longer ones it
 * begins, so that the exact matcher narrows the list token by token (see match-exact.ts).
 */
function byTokensAfterPair(x: number[], y: number[]): number {
  for (let k = 2; ; k++) {
    if (k === x.length || k === y.length) return x.length - y.length;
    if (x[k] !== y[k]) return x[k] - y[k];
  }
}

function tokenizeRules(sources: RuleSource[], idOf: (w: string) => number): TokenizedRule[] {
  const out: TokenizedRule[] = [];
  const seenTexts = new Set<string>();
  for (const s of sources) {
    const { words, phrases } = ruleTokens(s.text);
    if (words.length === 0) continue;
    // Identical token sequences (license texts shared by two keys) keep the first rule only.
    const signature = `${s.kind === 'text' ? 'T' : 'R'}:${words.join(' ')}`;
    if (seenTexts.has(signature)) continue;
    seenTexts.add(signature);
    out.push({
      meta: {
        identifier: s.identifier,
        licenseExpression: s.licenseExpression,
        kind: s.kind,
        relevance: s.relevance >= 0 ? s.relevance : computeRelevance(words.length),
        minimumCoverage: s.minimumCoverage,
        referencedFilenames: s.referencedFilenames,
        isContinuous: s.isContinuous ?? false,
        isCommon: false,
      },
      tokens: words.map(idOf),
      phrases,
    });
  }
  return out;
}

function trigramFilter(rules: TokenizedRule[], seqRules: Int32Array): Uint32Array {
  const bits = new Uint32Array(TRIGRAM_FILTER_WORDS);
  for (const r of seqRules) {
    const t = rules[r].tokens;
    for (let i = 0; i + 2 < t.length; i++) addTrigram(bits, t[i], t[i + 1], t[i + 2]);
  }
  return bits;
}

function markCommon(rules: TokenizedRule[]): void {
  const counts = new Map<string, number>();
  for (const r of rules) counts.set(r.meta.licenseExpression, (counts.get(r.meta.licenseExpression) ?? 0) + 1);
  for (const r of rules) r.meta.isCommon = (counts.get(r.meta.licenseExpression) ?? 0) >= COMMON_RULE_COUNT;
}

/**
 * The approximate-matching tables: eligible rules, their distinct tokens, and per token the
 * eligible rules (as seq numbers) that have it, or, for a token most of them have, those without.
 */
function buildSeqTables(rules: TokenizedRule[], dictionarySize: number): Pick<IndexData, 'seqRules' | 'distinctStart' | 'distinctTokens' | 'postStart' | 'postings' | 'seqComplement'> {
  const eligible = rules.map((r) => r.tokens.length >= MIN_SEQ_RULE_LENGTH && r.meta.kind !== 'false-positive');
  const seqRules = Int32Array.from(rules.keys()).filter((r) => eligible[r]);
  const distinct = rules.map((r, i) => (eligible[i] ? [...new Set(r.tokens)] : []));
  const distinctStart = new Int32Array(rules.length + 1);
  distinct.forEach((d, i) => {
    distinctStart[i + 1] = distinctStart[i] + d.length;
  });
  const distinctTokens = new Int32Array(distinctStart[rules.length]);
  distinct.forEach((d, i) => distinctTokens.set(d, distinctStart[i]));

  const byToken: number[][] = Array.from({ length: dictionarySize }, () => []);
  seqRules.forEach((r, sn) => {
    for (const id of distinct[r]) byToken[id].push(sn);
  });
  const seqComplement = new Uint8Array(dictionarySize);
  const lists: number[][] = byToken.map((list, id) => {
    if (list.length * 2 <= seqRules.length) return list;
    seqComplement[id] = 1;
    const has = new Uint8Array(seqRules.length);
    for (const sn of list) has[sn] = 1;
    const without: number[] = [];
    for (let sn = 0; sn < seqRules.length; sn++) if (!has[sn]) without.push(sn);
    return without;
  });
  const postStart = new Int32Array(dictionarySize + 1);
  lists.forEach((l, id) => {
    postStart[id + 1] = postStart[id] + l.length;
  });
  const postings = new Int32Array(postStart[dictionarySize]);
  lists.forEach((l, id) => postings.set(l, postStart[id]));
  return { seqRules, distinctStart, distinctTokens, postStart, postings, seqComplement };
}

function flatten<K extends Float64ArrayConstructor | Int32ArrayConstructor>(
  map: Map<number, number[]>, keyType: K,
): { keys: InstanceType<K>; start: Int32Array; values: Int32Array } {
  const sorted = [...map.keys()].sort((a, b) => a - b);
  const start = new Int32Array(sorted.length + 1);
  sorted.forEach((k, i) => {
    start[i + 1] = start[i] + (map.get(k)?.length ?? 0);
  });
  const values = new Int32Array(start[sorted.length]);
  sorted.forEach((k, i) => values.set(map.get(k) ?? [], start[i]));
  return { keys: keyType.from(sorted) as InstanceType<K>, start, values };
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
