import type { NumberedLine } from '../text';
import type { LicenseIndex } from './license-index';
import { tokenizeQuery, type QueryTokens } from './query-tokenizer';

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

/** The words of tokens start..end (inclusive). */
export function wordsOf(q: Query, start: number, end: number): string[] {
  const out: string[] = [];
  for (let i = start; i <= end; i++) out.push(wordAt(q, i) ?? '');
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
