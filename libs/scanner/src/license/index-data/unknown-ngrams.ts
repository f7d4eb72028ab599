import { tokenHash } from './token-hash';

/** Unknown-license detection looks for runs of rule text this many tokens long (ScanCode's figure). */
export const UNKNOWN_NGRAM_LENGTH = 6;

/** Words that mark a copyright statement, an organisation or an address rather than license terms. */
const MARKERS = new Set([
  'copyright', 'copyrights', 'c', 'rights', 'reserved', 'trademark', 'author', 'foundation', 'government', 'institute',
  'university', 'inc', 'corp', 'co', 'com', 'org', 'net', 'uk', 'fr', 'be', 'de', 'http', 'https', 'www',
]);

/** Too many numbers or single characters in an n-gram make it a version list or an address. */
const MAX_NUMBERS = 2;
const MAX_SINGLE_CHARACTERS = 2;

const DIGITS = 1;
const YEAR = 2;
const SINGLE = 4;
const MARKER = 8;

/** Per token id, what makes an n-gram holding it less than license words (bit flags). */
function tokenFlags(words: string[]): Uint8Array {
  return Uint8Array.from(words, (w) => {
    let f = 0;
    if (/^\d+$/.test(w)) f |= w.length === 4 ? DIGITS | YEAR : DIGITS;
    if (w.length === 1) f |= SINGLE;
    if (MARKERS.has(w)) f |= MARKER;
    return f;
  });
}

/**
 * An n-gram worth remembering, as ScanCode judges one: at most two numbers, no year, at most two
 * single characters, more than two distinct words, at least one legalese word, and no copyright or
 * address marker.
 */
function isGoodNgram(ids: ArrayLike<number>, at: number, flags: Uint8Array, legalese: Uint8Array): boolean {
  let numbers = 0;
  let singles = 0;
  let legal = false;
  for (let k = at; k < at + UNKNOWN_NGRAM_LENGTH; k++) {
    const f = flags[ids[k]];
    if (f & (YEAR | MARKER)) return false;
    if (f & DIGITS) numbers++;
    if (f & SINGLE) singles++;
    if (legalese[ids[k]]) legal = true;
  }
  if (numbers > MAX_NUMBERS || singles > MAX_SINGLE_CHARACTERS || !legal) return false;
  let distinct = 1;
  for (let k = at + 1; k < at + UNKNOWN_NGRAM_LENGTH && distinct < 3; k++) {
    let fresh = true;
    for (let j = at; j < k; j++) if (ids[j] === ids[k]) fresh = false;
    if (fresh) distinct++;
  }
  return distinct >= 3;
}

/** The key of the n-gram of `ids` starting at `at` (a 53-bit hash; collisions are negligible at a million keys). */
export function ngramKey(ids: ArrayLike<number>, at: number): number {
  return tokenHash(ids, at, at + UNKNOWN_NGRAM_LENGTH);
}

/**
 * The sorted, distinct keys of the good n-grams of the rules that can be matched (false-positive
 * rules left out): what text in no rule's place but made of rules' phrases looks like.
 */
export function unknownNgramKeys(rules: { tokens: ArrayLike<number>; falsePositive: boolean }[], words: string[], legalese: Uint8Array): Float64Array {
  const flags = tokenFlags(words);
  const keys: number[] = [];
  for (const r of rules) {
    if (r.falsePositive) continue;
    for (let i = 0; i + UNKNOWN_NGRAM_LENGTH <= r.tokens.length; i++) {
      if (isGoodNgram(r.tokens, i, flags, legalese)) keys.push(ngramKey(r.tokens, i));
    }
  }
  const sorted = Float64Array.from(keys).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i];
  return sorted.slice(0, n);
}

/** Whether `key` is one of the sorted `keys`. */
export function hasNgramKey(keys: Float64Array, key: number): boolean {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid];
    if (k === key) return true;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
