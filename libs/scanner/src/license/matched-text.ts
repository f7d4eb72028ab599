import type { Query } from './query';
import type { RawMatch } from './types';

/** A line's text as its token offsets count it (the lowered copy when lowercasing changed its length). */
function lineText(q: Query, li: number): string {
  const original = q.input[li].text;
  const lowered = q.tokens.lowered.get(li);
  return lowered !== undefined && lowered.length !== original.length ? lowered : original;
}

/** Where a match lies in the query: its first and last positions and which of those it covers. */
type MatchSpan = Pick<RawMatch, 'qstart' | 'qend' | 'queryMask'>;

const tokenEnd = (q: Query, i: number): number => q.tokens.starts[i] + q.tokens.lengths[i];

/** The text between the end of token a and the start of token b (line ends as "\n"). */
function between(q: Query, a: number, b: number): string {
  const t = q.tokens;
  const la = t.lineIndex[a];
  const lb = t.lineIndex[b];
  if (la === lb) return lineText(q, la).slice(tokenEnd(q, a), t.starts[b]);
  let out = `${lineText(q, la).slice(tokenEnd(q, a))}\n`;
  for (let li = la + 1; li < lb; li++) out += `${lineText(q, li)}\n`;
  return out + lineText(q, lb).slice(0, t.starts[b]);
}

/** A match's words from its first to its last, the words it skips as `skipped` writes them, and what follows its last word up to the next word of its line (or the line's end). */
function renderMatch(q: Query, m: MatchSpan, skipped: (word: string) => string): { words: string; after: string } {
  const t = q.tokens;
  const mask = m.queryMask;
  const covered = (i: number): boolean => !mask || i - m.qstart >= mask.length || mask[i - m.qstart] === 1;
  let words = '';
  for (let i = m.qstart; i <= m.qend; i++) {
    if (i > m.qstart) words += between(q, i - 1, i);
    const word = lineText(q, t.lineIndex[i]).slice(t.starts[i], tokenEnd(q, i));
    words += covered(i) ? word : skipped(word);
  }
  const last = t.lineIndex[m.qend];
  const text = lineText(q, last);
  const next = m.qend + 1 < t.count && t.lineIndex[m.qend + 1] === last ? t.starts[m.qend + 1] : text.length;
  return { words, after: text.slice(tokenEnd(q, m.qend), next) };
}

/**
 * ScanCode's matched_text_diagnostics: the text from the match's first word to its last, words
 * inside the match that it does not cover written `[word]`, and what follows the last word up
 * to the next word of its line (or the line's end).
 */
export function diagnosticsText(q: Query, m: RawMatch): string {
  const { words, after } = renderMatch(q, m, (word) => `[${word}]`);
  return words + after;
}

/**
 * The text of a rule made from an unknown-license match (ScanCode's "only matched" text): the
 * words the match skips written ".", and what follows its last word kept when it is more than blanks.
 */
export function onlyMatchedText(q: Query, m: MatchSpan): string {
  const { words, after } = renderMatch(q, m, () => '.');
  return /\S/.test(after) ? words + after : words;
}
