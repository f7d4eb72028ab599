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
  /** Rules long enough for approximate matching. */
  seqEligible: Uint8Array;
  /** Token ids that are version-like numbers ("2", "1", "0+", "v2"). */
  numberTokens: Uint8Array;
  /** License keys the team wrote rules for: the common licenses, preferred among look-alikes. */
  commonKeys: Set<string>;
  buildMillis: number;
}

/** Rules shorter than this are too ambiguous to match approximately. */
export const MIN_SEQ_RULE_LENGTH = 12;
/** Token ids fit in 17 bits so three of them pack into one safe integer n-gram key. */
export const ID_BITS = 17;

let cached: LicenseIndex | null = null;

export function getLicenseIndex(): LicenseIndex {
  cached ??= buildIndex([...loadRuleFiles(), ...loadUrlRules(), ...loadNameRules(), ...loadSpdxTexts()]);
  return cached;
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
    const words = wordTokens(s.text.replace(/\{\{|\}\}/g, ' '));
    if (words.length === 0) continue;
    // Identical token sequences (license texts shared by two ids) keep the first rule only.
    const signature = `${s.kind === 'text' ? 'T' : 'R'}:${words.join(' ')}`;
    if (seenTexts.has(signature)) continue;
    seenTexts.add(signature);
    rules.push({
      identifier: s.identifier,
      licenseExpression: s.licenseExpression,
      kind: s.kind,
      relevance: s.relevance,
      minimumCoverage: s.minimumCoverage,
      tokens: Int32Array.from(words, idOf),
      url: s.url,
      referencedFilenames: s.referencedFilenames,
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
  const numberTokens = new Uint8Array(dictionary.size);
  for (const [word, id] of dictionary) if (/^v?\d+\+?$/.test(word)) numberTokens[id] = 1;
  const commonKeys = new Set(sources.filter((s) => s.kind !== 'text' && !/_(url|name)_\d/.test(s.identifier)).map((s) => s.licenseExpression));
  for (const rule of rules) if (commonKeys.has(rule.licenseExpression)) rule.isCommon = true;
  return {
    dictionary, rules, exactByPair, exactSingle, postings, distinctCount, seqEligible, numberTokens, commonKeys,
    buildMillis: Date.now() - started,
  };
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
