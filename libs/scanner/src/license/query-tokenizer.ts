import type { NumberedLine } from '../text';
import { isWordChar, NON_ASCII, WORD } from './tokenize';
import { fnvStep, FNV_OFFSET, hashString, lower, type WordTable } from './word-table';

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
 * (nearly all) are scanned by hand with the hash computed on the way; other lines go through
 * the WORD regex on their lowercased text.
 */
export function tokenizeQuery(input: NumberedLine[], table: WordTable): QueryTokens {
  const b = buffers;
  b.size = 0;
  const lowered = new Map<number, string>();
  const stop = table.stopwordBase;
  for (let li = 0; li < input.length; li++) {
    const { line, text } = input[li];
    if (text.length === 0) continue;
    if (NON_ASCII.test(text)) {
      const t = text.toLowerCase();
      lowered.set(li, t);
      for (const m of t.matchAll(WORD)) {
        const id = table.lookup(m[0], 0, m[0].length, hashString(m[0]));
        if (id >= stop) continue;
        b.push(id, line, li, m.index ?? 0, m[0].length);
      }
      continue;
    }
    const len = text.length;
    let i = 0;
    while (i < len) {
      let c = lower(text.charCodeAt(i));
      if (!isWordChar(c)) {
        i++;
        continue;
      }
      const start = i;
      let h = FNV_OFFSET;
      while (i < len && isWordChar((c = lower(text.charCodeAt(i))))) {
        h = fnvStep(h, c);
        i++;
      }
      // A "+" joins what follows ("gpl-2.0+", "c++"), as the WORD regex does.
      if (i < len && text.charCodeAt(i) === 43) {
        h = fnvStep(h, 43);
        i++;
        while (i < len && isWordChar((c = lower(text.charCodeAt(i))))) {
          h = fnvStep(h, c);
          i++;
        }
      }
      const id = table.lookup(text, start, i, h >>> 0);
      if (id >= stop) continue;
      b.push(id, line, li, start, i - start);
    }
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
