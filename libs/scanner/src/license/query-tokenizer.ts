import type { NumberedLine } from '../text';
import { isWordChar } from './tokenize';
import { fnvStep, FNV_OFFSET, lower, type WordTable } from './word-table';

/** A query's tokens: dictionary ids (-1 for words no rule has), lines and where each word is. */
export interface QueryTokens {
  count: number;
  ids: Int32Array;
  /** 1-based line number of each token. */
  lines: Int32Array;
  /** Index in the input of the token's line, and the word's start and length in that line's text. */
  lineIndex: Int32Array;
  starts: Int32Array;
  lengths: Int32Array;
  /** Lowercased text of the lines that are not ASCII (their offsets refer to it). */
  lowered: Map<number, string>;
}

class TokenBuffers {
  size = 0;
  ids = new Int32Array(1024);
  lines = new Int32Array(1024);
  lineIndex = new Int32Array(1024);
  starts = new Int32Array(1024);
  lengths = new Int32Array(1024);

  push(id: number, line: number, lineIndex: number, start: number, length: number): void {
    if (this.size === this.ids.length) this.grow();
    const n = this.size++;
    this.ids[n] = id;
    this.lines[n] = line;
    this.lineIndex[n] = lineIndex;
    this.starts[n] = start;
    this.lengths[n] = length;
  }

  private grow(): void {
    const twice = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = twice(this.ids);
    this.lines = twice(this.lines);
    this.lineIndex = twice(this.lineIndex);
    this.starts = twice(this.starts);
    this.lengths = twice(this.lengths);
  }
}

/** Reused between calls (one query at a time per thread); results are copied out. */
const buffers = new TokenBuffers();

/**
 * Tokens of numbered lines, as `wordTokens` gives them line by line, with their ids. ASCII lines
 * (nearly all) are scanned by hand with the hash computed on the way; other lines are lowercased
 * first and scanned with Unicode's letters and digits as word characters.
 */
export function tokenizeQuery(input: NumberedLine[], table: WordTable): QueryTokens {
  const b = buffers;
  b.size = 0;
  const lowered = new Map<number, string>();
  for (let li = 0; li < input.length; li++) {
    const { line, text } = input[li];
    if (text.length === 0) continue;
    if (pushAsciiWords(b, text, line, li, table)) continue;
    const t = text.toLowerCase();
    lowered.set(li, t);
    pushUnicodeWords(b, t, line, li, table);
  }
  const n = b.size;
  return {
    count: n,
    ids: b.ids.slice(0, n),
    lines: b.lines.slice(0, n),
    lineIndex: b.lineIndex.slice(0, n),
    starts: b.starts.slice(0, n),
    lengths: b.lengths.slice(0, n),
    lowered,
  };
}

/** Each ASCII code's lowercase when it is a word character (a letter or digit), else 0. */
const ASCII_WORD = new Uint8Array(128).map((_, c) => (isWordChar(lower(c)) ? lower(c) : 0));

/**
 * The words of a line, hashed while scanned, lowercasing on the way; false (with nothing kept of
 * the line) at its first character that is not ASCII, for the caller to scan it as Unicode.
 */
function pushAsciiWords(b: TokenBuffers, text: string, line: number, li: number, table: WordTable): boolean {
  const first = b.size;
  const len = text.length;
  let i = 0;
  while (i < len) {
    let c = text.charCodeAt(i);
    if (c >= 128) return abandon(b, first);
    if (ASCII_WORD[c] === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    let plus = false;
    for (;;) {
      const k = ASCII_WORD[c];
      if (k !== 0) {
        h = fnvStep(h, k);
        if (++i >= len) break;
        c = text.charCodeAt(i);
        if (c >= 128) return abandon(b, first);
        continue;
      }
      // A "+" joins what follows ("gpl-2.0+", "c++"), once, as the WORD regex does.
      if (plus || c !== 43) break;
      plus = true;
      h = fnvStep(h, 43);
      if (++i >= len) break;
      c = text.charCodeAt(i);
      if (c >= 128) return abandon(b, first);
      if (ASCII_WORD[c] === 0) break;
    }
    const id = table.lookup(text, start, i, h >>> 0);
    if (id < table.stopwordBase) b.push(id, line, li, start, i - start);
  }
  return true;
}

/** Drops the tokens pushed since `first`. */
function abandon(b: TokenBuffers, first: number): false {
  b.size = first;
  return false;
}

/** A letter or digit of any script: what the WORD regex's classes accept. */
const UNICODE_WORD_CHAR = /[\p{L}\p{N}]/u;
/** The class of each BMP code unit above ASCII, learnt on first sight: 0 not yet, 1 word, 2 not. */
const bmpClass = new Uint8Array(65536);

/** Code units of the word character at `i` of a lowercased line (a surrogate pair is one character of two), 0 where none starts. */
function wordCharUnits(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c < 128) return isWordChar(c) ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
    const d = t.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return UNICODE_WORD_CHAR.test(t.slice(i, i + 2)) ? 2 : 0;
  }
  let k = bmpClass[c];
  if (k === 0) bmpClass[c] = k = UNICODE_WORD_CHAR.test(String.fromCharCode(c)) ? 1 : 2;
  return k === 1 ? 1 : 0;
}

/**
 * The words of a lowercased line that is not ASCII, as the WORD regex finds them, hashed while
 * scanned: the regex made a match array and a string for every word of a line, and a minified
 * bundle's one non-ASCII character made its whole line go that way. The same loop as
 * pushAsciiWords, kept apart: one loop for both, with the class test behind a flag, made license
 * detection on an npm tree 9-10% slower.
 */
function pushUnicodeWords(b: TokenBuffers, t: string, line: number, li: number, table: WordTable): void {
  const len = t.length;
  let i = 0;
  while (i < len) {
    let n = wordCharUnits(t, i);
    if (n === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    let plus = false;
    for (;;) {
      for (; n > 0; n--) h = fnvStep(h, t.charCodeAt(i++));
      if (i >= len) break;
      n = wordCharUnits(t, i);
      if (n > 0) continue;
      // A "+" joins what follows ("gpl-2.0+", "c++"), once, as the WORD regex does.
      if (plus || t.charCodeAt(i) !== 43) break;
      plus = true;
      h = fnvStep(h, 43);
      i++;
      if (i >= len) break;
      n = wordCharUnits(t, i);
      if (n === 0) break;
    }
    const id = table.lookup(t, start, i, h >>> 0);
    if (id < table.stopwordBase) b.push(id, line, li, start, i - start);
  }
}
