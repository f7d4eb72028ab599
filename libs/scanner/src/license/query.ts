import type { NumberedLine } from '../text';
import type { LicenseIndex } from './license-index';
import { tokenizeQuery, type QueryTokens } from './query-tokenizer';
import { WORD } from './tokenize';

/** A file as the matchers see it: token ids (-1 for words no rule contains) and their lines. */
export interface Query {
  input: NumberedLine[];
  ids: Int32Array;
  lines: Int32Array;
  /** Token positions already claimed by a match that must not be matched again. */
  consumed: Uint8Array;
  /** Where each token's word is (wordAt makes the string when one is needed). */
  tokens: QueryTokens;
  /** The index's words by id. */
  dictionaryWords: string[];
}

export function buildQuery(input: NumberedLine[], index: LicenseIndex): Query {
  const tokens = tokenizeQuery(input, index.wordTable);
  return { input, ids: tokens.ids, lines: tokens.lines, consumed: new Uint8Array(tokens.count), tokens, dictionaryWords: index.words };
}

/** The (lowercased) word of token i; undefined past the end. */
export function wordAt(q: Query, i: number): string | undefined {
  if (i < 0 || i >= q.ids.length) return undefined;
  const id = q.ids[i];
  if (id >= 0) return q.dictionaryWords[id];
  const t = q.tokens;
  const li = t.lineIndex[i];
  const lowered = t.lowered.get(li);
  const start = t.starts[i];
  if (lowered !== undefined) return lowered.slice(start, start + t.lengths[i]);
  return q.input[li].text.slice(start, start + t.lengths[i]).toLowerCase();
}

/**
 * Every word of the text from token start to token end (inclusive), stopwords and all, lowercased:
 * the words ScanCode's query tokenizer finds in a match's matched text.
 */
export function spanWords(q: Query, start: number, end: number): string[] {
  const t = q.tokens;
  const first = t.lineIndex[start];
  const last = t.lineIndex[end];
  const out: string[] = [];
  for (let li = first; li <= last; li++) {
    const text = t.lowered.get(li) ?? q.input[li].text.toLowerCase();
    const from = li === first ? t.starts[start] : 0;
    const to = li === last ? t.starts[end] + t.lengths[end] : text.length;
    for (const m of text.slice(from, to).matchAll(WORD)) out.push(m[0]);
  }
  return out;
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
