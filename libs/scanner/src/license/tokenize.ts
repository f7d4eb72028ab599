import type { NumberedLine } from '../text';

/**
 * Word tokens as ScanCode's query tokenizer sees them: runs of letters and digits, lowercased,
 * with a trailing "+" kept (so "GPL-2.0+" keeps its "or later" meaning in "0+").
 */
const WORD = /[\p{L}\p{N}]+\+?[\p{L}\p{N}]*/gu;

/**
 * Markup and comment noise that carries no license meaning; dropping it on both the rule and
 * the query side lets a license match across HTML, m4 (`dnl`) and batch (`rem`) comments.
 */
const STOPWORDS = new Set([
  'div', 'p', 'br', 'li', 'ul', 'ol', 'span', 'nbsp', 'amp', 'lt', 'gt', 'quot', 'apos', 'rem', 'dnl',
  'td', 'tr', 'th', 'hr', 'strong', 'em', 'pre', 'tt', 'h1', 'h2', 'h3', 'h4', 'href', 'www', 'http', 'https',
  'a', 'an', 'the', 'of', 'to', 'and', 'or', 'is', 'in', 'be', 'that', 'by', 'for', 'on', 'as', 'it', 'at',
  'c', 'will', 'shall',
]);

export function wordTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    if (!STOPWORDS.has(m[0])) out.push(m[0]);
  }
  return out;
}

export interface QueryTokens {
  words: string[];
  /** 1-based line number of each token. */
  lines: number[];
}

export function tokenizeLines(input: NumberedLine[]): QueryTokens {
  const words: string[] = [];
  const lines: number[] = [];
  for (const { line, text } of input) {
    for (const w of wordTokens(text)) {
      words.push(w);
      lines.push(line);
    }
  }
  return { words, lines };
}
