import type { IndexData } from './index-data/index-data';
import { ruleUrl } from './licensedb/licensedb-sources';
import type { Rule } from './types';
import { WordTable } from './word-table';
import { loadIndexData } from './index-data/index-file';
import { addPair, PAIR_FILTER_WORDS } from './index-data/trigram-filter';

export { MIN_SEQ_RULE_LENGTH, ID_BITS, pairKey } from './index-data/build-index-data';

/**
 * The license index of this thread: the shared index arrays (views, no copies) with the lookup
 * structures the matchers use: the token dictionary, one Rule object per rule (its tokens a view),
 * and maps from exact-match keys to rule lists.
 */
export interface LicenseIndex {
  dictionary: Map<string, number>;
  /** Words by id, and the same as a table the query tokenizer looks up from line characters. */
  words: string[];
  wordTable: WordTable;
  rules: Rule[];
  /** (first token, second token) → rules starting with them, longest first. */
  exactByPair: Map<number, Int32Array>;
  /** One-token rules by their token. */
  exactSingle: Map<number, Int32Array>;
  /** Whole-text hash → the first rule with that token sequence. */
  byHash: Map<number, number>;
  /** Distinct token count of each rule (approximate-match rules only). */
  distinctCount: Int32Array;
  /** Distinct token ids of each approximate-match rule (empty for the others). */
  distinctTokens: Int32Array[];
  /** Rules eligible for approximate matching, in index order (a rule's place here is its seq number). */
  seqRules: Int32Array;
  /** By token id: seq numbers of the eligible rules with it, or (seqComplement) without it. */
  seqPostings: Int32Array[];
  seqComplement: Uint8Array;
  /** Token ids that are version-like numbers ("2", "1", "0+", "v2"). */
  numberTokens: Uint8Array;
  /** Bloom filter of the approximate-match rules' trigrams. */
  trigramFilter: Uint32Array;
  /** Per token id: STARTS_RULE when a rule of several tokens starts with it, SINGLE_RULE when it is a whole rule. */
  startsRule: Uint8Array;
  /** Bloom filter of the first token pairs of the rules (exact matching's first probe). */
  pairFilter: Uint32Array;
  /** Per token id, 1 for a legalese word; and the rules' 6-gram keys (unknown-license detection). */
  legalese: Uint8Array;
  unknownNgrams: Float64Array;
  buildMillis: number;
}

export const STARTS_RULE = 1;
export const SINGLE_RULE = 2;

let cached: LicenseIndex | null = null;

/** This thread's license index, read from the built index file (shared between threads) on first use. */
export function getLicenseIndex(): LicenseIndex {
  cached ??= indexFromData(loadIndexData());
  return cached;
}

/** Uses `index` from now on in this thread (an index built or loaded elsewhere). */
export function setLicenseIndex(index: LicenseIndex): void {
  cached = index;
}

export function indexFromData(data: IndexData): LicenseIndex {
  const started = Date.now();
  const dictionary = new Map<string, number>();
  data.words.forEach((w, i) => dictionary.set(w, i));
  const rules: Rule[] = data.rules.map((m, r) => ({
    identifier: m.identifier,
    licenseExpression: m.licenseExpression,
    kind: m.kind,
    relevance: m.relevance,
    minimumCoverage: m.minimumCoverage,
    tokens: data.tokens.subarray(data.ruleStart[r], data.ruleStart[r + 1]),
    url: ruleUrl(m.identifier),
    referencedFilenames: m.referencedFilenames,
    isContinuous: m.isContinuous,
    requiredPhrases: data.phraseStart[r + 1] > data.phraseStart[r] ? data.phrases.subarray(data.phraseStart[r], data.phraseStart[r + 1]) : undefined,
    isCommon: m.isCommon,
  }));
  const byHash = new Map<number, number>();
  data.hashKeys.forEach((k, i) => {
    if (!byHash.has(k)) byHash.set(k, data.hashRules[i]);
  });
  const distinctCount = new Int32Array(rules.length);
  const distinctTokens: Int32Array[] = rules.map((_, r) => {
    distinctCount[r] = data.distinctStart[r + 1] - data.distinctStart[r];
    return data.distinctTokens.subarray(data.distinctStart[r], data.distinctStart[r + 1]);
  });
  const startsRule = new Uint8Array(data.words.length);
  const pairFilter = new Uint32Array(PAIR_FILTER_WORDS);
  for (const r of rules) {
    startsRule[r.tokens[0]] |= r.tokens.length > 1 ? STARTS_RULE : SINGLE_RULE;
    if (r.tokens.length > 1) addPair(pairFilter, r.tokens[0], r.tokens[1]);
  }
  const seqPostings: Int32Array[] = data.words.map((_, id) => data.postings.subarray(data.postStart[id], data.postStart[id + 1]));
  return {
    dictionary, words: data.words, wordTable: new WordTable(data.words), rules,
    exactByPair: keyedLists(data.pairKeys, data.pairStart, data.pairRules),
    exactSingle: keyedLists(data.singleKeys, data.singleStart, data.singleRules),
    byHash, distinctCount, distinctTokens, seqRules: data.seqRules, seqPostings, seqComplement: data.seqComplement,
    numberTokens: data.numberTokens,
    trigramFilter: data.trigramFilter,
    startsRule,
    pairFilter,
    legalese: data.legalese,
    unknownNgrams: data.unknownNgrams,
    buildMillis: Date.now() - started,
  };
}

function keyedLists(keys: ArrayLike<number>, start: Int32Array, values: Int32Array): Map<number, Int32Array> {
  const out = new Map<number, Int32Array>();
  for (let i = 0; i < keys.length; i++) out.set(keys[i], values.subarray(start[i], start[i + 1]));
  return out;
}
