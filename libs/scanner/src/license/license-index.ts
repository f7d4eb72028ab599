import { wordTokens } from './tokenize';
import { loadRuleFiles, loadSpdxTexts, loadUrlRules, loadNameRules, type RuleSource } from './rule-loader';
import type { Rule } from './types';

/**
 * The license index, built once per process from the rule data files and the SPDX texts:
 * one token dictionary, each rule as token ids, a first-two-tokens table for exact matching
 * and an inverted index of token → rules for picking approximate-match candidates.
 */
export interface LicenseIndex {
  dictionary: Map<string, number>;
  rules: Rule[];
  /** (first token, second token) → rules starting with them, longest first. */
  exactByPair: Map<number, number[]>;
  /** One-token rules by their token. */
  exactSingle: Map<number, number[]>;
  /** Token id → rules (eligible for approximate matching) that contain it. */
  postings: Map<number, Int32Array>;
  /** Distinct token count of each rule. */
  distinctCount: Int32Array;
  /** Distinct token ids of each approximate-match rule (empty for the others). */
  distinctTokens: Int32Array[];
  /** Rules eligible for approximate matching, in index order (a rule's place here is its seq number). */
  seqRules: Int32Array;
  /**
   * `postings` by token id, as seq numbers (empty lists for tokens in no eligible rule); for a
   * token in more than half of the eligible rules, the (shorter) list of those without it.
   */
  seqPostings: Int32Array[];
  /** 1 for the tokens whose `seqPostings` list is the rules without them. */
  seqComplement: Uint8Array;
  /** Rules long enough for approximate matching. */
  seqEligible: Uint8Array;
  /** Token ids that are version-like numbers ("2", "1", "0+", "v2"). */
  numberTokens: Uint8Array;
  /** License keys the team wrote rules for: the common licenses, preferred among look-alikes. */
  commonKeys: Set<string>;
  buildMillis: number;
}

/** Rules shorter than this are too ambiguous to match approximately. */
export const MIN_SEQ_RULE_LENGTH = 15;
/** Token ids fit in 17 bits so three of them pack into one safe integer n-gram key. */
export const ID_BITS = 17;

let cached: LicenseIndex | null = null;

export function getLicenseIndex(): LicenseIndex {
  cached ??= buildIndex([...loadRuleFiles(), ...loadUrlRules(), ...loadNameRules(), ...loadSpdxTexts()]);
  return cached;
}

/** Uses `index` from now on in this process (an index built or loaded elsewhere). */
export function setLicenseIndex(index: LicenseIndex): void {
  cached = index;
}

export function pairKey(a: number, b: number): number {
  return a * 2 ** ID_BITS + b;
}

export function buildIndex(sources: RuleSource[]): LicenseIndex {
  const started = Date.now();
  const dictionary = new Map<string, number>();
  const idOf = (w: string): number => {
    let id = dictionary.get(w);
    if (id === undefined) {
      id = dictionary.size;
      dictionary.set(w, id);
    }
    return id;
  };
  const rules: Rule[] = [];
  const seenTexts = new Set<string>();
  for (const s of sources) {
    const { words, phrases } = ruleTokens(s.text);
    if (words.length === 0) continue;
    // Identical token sequences (license texts shared by two ids) keep the first rule only.
    const signature = `${s.kind === 'text' ? 'T' : 'R'}:${words.join(' ')}`;
    if (seenTexts.has(signature)) continue;
    seenTexts.add(signature);
    rules.push({
      identifier: s.identifier,
      licenseExpression: s.licenseExpression,
      kind: s.kind,
      relevance: s.relevance >= 0 ? s.relevance : computeRelevance(words.length),
      minimumCoverage: s.minimumCoverage,
      tokens: Int32Array.from(words, idOf),
      url: s.url,
      referencedFilenames: s.referencedFilenames,
      isContinuous: s.isContinuous ?? false,
      requiredPhrases: phrases.length ? Int32Array.from(phrases) : undefined,
    });
  }
  if (dictionary.size >= 2 ** ID_BITS) throw new Error(`license dictionary too large: ${dictionary.size}`);

  const exactByPair = new Map<number, number[]>();
  const exactSingle = new Map<number, number[]>();
  const postingLists = new Map<number, number[]>();
  const distinctCount = new Int32Array(rules.length);
  const seqEligible = new Uint8Array(rules.length);
  rules.forEach((rule, r) => {
    const t = rule.tokens;
    if (t.length === 1) push(exactSingle, t[0], r);
    else push(exactByPair, pairKey(t[0], t[1]), r);
    const distinct = new Set(t);
    distinctCount[r] = distinct.size;
    if (t.length >= MIN_SEQ_RULE_LENGTH && rule.kind !== 'false-positive') {
      seqEligible[r] = 1;
      for (const id of distinct) push(postingLists, id, r);
    }
  });
  for (const list of exactByPair.values()) list.sort((a, b) => rules[b].tokens.length - rules[a].tokens.length);
  const postings = new Map<number, Int32Array>();
  for (const [id, list] of postingLists) postings.set(id, Int32Array.from(list));
  const { distinctTokens, seqRules, seqPostings, seqComplement } = buildSeqTables(rules, seqEligible, postings, dictionary.size);
  const numberTokens = new Uint8Array(dictionary.size);
  for (const [word, id] of dictionary) if (/^v?\d+\+?$/.test(word)) numberTokens[id] = 1;
  const commonKeys = new Set(sources.filter((s) => s.kind !== 'text' && !/_(url|name)_\d/.test(s.identifier)).map((s) => s.licenseExpression));
  for (const rule of rules) if (commonKeys.has(rule.licenseExpression)) rule.isCommon = true;
  return {
    dictionary, rules, exactByPair, exactSingle, postings, distinctCount, distinctTokens, seqRules, seqPostings,
    seqComplement, seqEligible, numberTokens, commonKeys,
    buildMillis: Date.now() - started,
  };
}

/** Distinct tokens of each approximate-match rule, and the posting lists by token id in seq numbers. */
function buildSeqTables(
  rules: Rule[], seqEligible: Uint8Array, postings: Map<number, Int32Array>, dictionarySize: number,
): { distinctTokens: Int32Array[]; seqRules: Int32Array; seqPostings: Int32Array[]; seqComplement: Uint8Array } {
  const empty = new Int32Array(0);
  const distinctTokens = rules.map((rule, r) => (seqEligible[r] ? Int32Array.from(new Set(rule.tokens)) : empty));
  const seqRules = Int32Array.from(rules.keys()).filter((r) => seqEligible[r] === 1);
  const seqNumber = new Int32Array(rules.length).fill(-1);
  seqRules.forEach((r, s) => {
    seqNumber[r] = s;
  });
  const seqPostings: Int32Array[] = [];
  const seqComplement = new Uint8Array(dictionarySize);
  const has = new Uint8Array(seqRules.length);
  for (let id = 0; id < dictionarySize; id++) {
    const list = postings.get(id)?.map((r) => seqNumber[r]) ?? empty;
    if (list.length * 2 <= seqRules.length) {
      seqPostings.push(list);
      continue;
    }
    has.fill(0);
    for (const sn of list) has[sn] = 1;
    seqPostings.push(Int32Array.from(seqRules.keys()).filter((sn) => has[sn] === 0));
    seqComplement[id] = 1;
  }
  return { distinctTokens, seqRules, seqPostings, seqComplement };
}

/**
 * A rule text's tokens and its required phrases (`{{…}}`) as [start, end) token spans. A
 * whole-text continuous rule needs no phrases: the flag says the same of all of it.
 */
export function ruleTokens(text: string): { words: string[]; phrases: number[] } {
  const words: string[] = [];
  const phrases: number[] = [];
  const parts = text.split(/(\{\{|\}\})/);
  let open = -1;
  for (const part of parts) {
    if (part === '{{') open = words.length;
    else if (part === '}}') {
      if (open >= 0 && words.length > open) phrases.push(open, words.length);
      open = -1;
    } else words.push(...wordTokens(part));
  }
  return { words, phrases };
}

/** Relevance of a rule that states none: short rules are weaker evidence (100 from 18 tokens up). */
export function computeRelevance(length: number): number {
  return length >= 18 ? 100 : Math.round((length / 18) * 100);
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
