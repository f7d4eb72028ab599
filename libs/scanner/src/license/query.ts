import type { NumberedLine } from '../text';
import type { LicenseIndex } from './license-index';
import { tokenizeLines } from './tokenize';

/** A file as the matchers see it: token ids (-1 for words no rule contains) and their lines. */
export interface Query {
  input: NumberedLine[];
  words: string[];
  ids: Int32Array;
  lines: Int32Array;
  /** Token positions already claimed by a match that must not be matched again. */
  consumed: Uint8Array;
}

export function buildQuery(input: NumberedLine[], index: LicenseIndex): Query {
  const { words, ids, lines } = tokenizeLines(input, index.dictionary);
  return { input, words, ids, lines, consumed: new Uint8Array(words.length) };
}

/** First and last token positions on a given line, or null when the line has no tokens. */
export function tokenRangeOfLine(q: Query, line: number): [number, number] | null {
  let lo = 0;
  let hi = q.lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (q.lines[mid] < line) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= q.lines.length || q.lines[lo] !== line) return null;
  let end = lo;
  while (end + 1 < q.lines.length && q.lines[end + 1] === line) end++;
  return [lo, end];
}
