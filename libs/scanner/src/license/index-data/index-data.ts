import type { RuleKind } from '../types';

/** What the index keeps of a rule besides its tokens (strings and small numbers). */
export interface RuleMeta {
  identifier: string;
  licenseExpression: string;
  kind: RuleKind;
  relevance: number;
  /** 0..1 */
  minimumCoverage: number;
  referencedFilenames: string[];
  isContinuous: boolean;
  /** A license with many rules: preferred in a near tie with a rare look-alike. */
  isCommon: boolean;
}

/**
 * The license index as flat typed arrays plus a little JSON: the form built once at build time,
 * written to one file and shared by every worker thread of a process (the arrays are views on
 * one SharedArrayBuffer; only the strings are decoded per thread).
 */
export interface IndexData {
  words: string[];
  rules: RuleMeta[];
  /** Every rule's token ids, concatenated; rule r is tokens[ruleStart[r] .. ruleStart[r + 1]). */
  tokens: Int32Array;
  ruleStart: Int32Array;
  /** Required-phrase spans ([start, end) pairs of rule positions); rule r's are phrases[phraseStart[r] .. phraseStart[r + 1]). */
  phrases: Int32Array;
  phraseStart: Int32Array;
  /** Exact matching: sorted (first, second) token-pair keys, each with its rules (longest first). */
  pairKeys: Float64Array;
  pairStart: Int32Array;
  pairRules: Int32Array;
  /** One-token rules by their token: sorted keys, each with its rules. */
  singleKeys: Int32Array;
  singleStart: Int32Array;
  singleRules: Int32Array;
  /** Whole-text hashes of the rules (for `1-hash`), sorted, with the rule of each. */
  hashKeys: Float64Array;
  hashRules: Int32Array;
  /** Rules eligible for approximate matching, in index order (a rule's place here is its seq number). */
  seqRules: Int32Array;
  /** Distinct token ids of each rule (empty for rules not eligible for approximate matching). */
  distinctStart: Int32Array;
  distinctTokens: Int32Array;
  /** Per token id, the seq numbers of the eligible rules with it, or (seqComplement) those without it. */
  postStart: Int32Array;
  postings: Int32Array;
  seqComplement: Uint8Array;
  /** Token ids that are version-like numbers ("2", "1", "0+", "v2"). */
  numberTokens: Uint8Array;
  /** Bloom filter of the approximate-match rules' token trigrams (trigram-filter.ts). */
  trigramFilter: Uint32Array;
  /** Per token id, 1 for a legalese word (legalese.ts). */
  legalese: Uint8Array;
  /** Sorted keys of the rules' good 6-grams, for unknown-license detection (unknown-ngrams.ts). */
  unknownNgrams: Float64Array;
}

/** The typed-array fields of IndexData, in the order the index file stores them. */
export const ARRAY_FIELDS = [
  'tokens', 'ruleStart', 'phrases', 'phraseStart', 'pairKeys', 'pairStart', 'pairRules', 'singleKeys', 'singleStart',
  'singleRules', 'hashKeys', 'hashRules', 'seqRules', 'distinctStart', 'distinctTokens', 'postStart', 'postings',
  'seqComplement', 'numberTokens', 'trigramFilter', 'legalese', 'unknownNgrams',
] as const;

export type ArrayField = (typeof ARRAY_FIELDS)[number];
