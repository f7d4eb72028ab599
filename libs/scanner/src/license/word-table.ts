import { STOPWORDS } from './tokenize';

/**
 * The token dictionary as an open-addressing table looked up straight from a line's characters:
 * the query tokenizer hashes each word while it scans it, lowercasing on the fly, and compares
 * the candidates in place, so no string is made for the (many) words of a file that no rule
 * has. Stopwords are in the table too, with ids from `stopwordBase` up.
 */
export class WordTable {
  readonly stopwordBase: number;
  private readonly mask: number;
  /** Word id + 1 in each slot, 0 for an empty slot. */
  private readonly slots: Int32Array;
  private readonly words: string[];

  constructor(dictionary: string[]) {
    this.words = [...dictionary, ...STOPWORDS];
    this.stopwordBase = dictionary.length;
    let capacity = 1024;
    while (capacity < this.words.length * 3) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity);
    this.words.forEach((w, id) => {
      let slot = hashString(w) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    });
  }

  /**
   * Id of the lowercase ASCII word text[start, end) whose FNV-1a hash (of the lowercased
   * characters) is `hash`; -1 when the table does not have it.
   */
  lookup(text: string, start: number, end: number, hash: number): number {
    const len = end - start;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot];
      if (entry === 0) return -1;
      const w = this.words[entry - 1];
      if (w.length !== len) continue;
      let k = 0;
      while (k < len && w.charCodeAt(k) === lower(text.charCodeAt(start + k))) k++;
      if (k === len) return entry - 1;
    }
  }
}

/** ASCII lowercase of one character code. */
export function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

export const FNV_OFFSET = 0x811c9dc5;

export function fnvStep(hash: number, c: number): number {
  return Math.imul(hash ^ c, 0x01000193);
}

/** FNV-1a of a whole (lowercase) word, as the tokenizer computes it while scanning. */
export function hashString(w: string): number {
  let h = FNV_OFFSET;
  for (let k = 0; k < w.length; k++) h = fnvStep(h, w.charCodeAt(k));
  return h >>> 0;
}
