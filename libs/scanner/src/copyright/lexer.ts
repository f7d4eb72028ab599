import type { NumberedLine } from '../text';
import { HINT, prepareLine } from './prepare-line';
import { tagOf, type Tag } from './tag-rules';

/** One tagged word of a prepared line; `text` is what statements are built from. */
export interface Token {
  text: string;
  raw: string;
  tag: Tag;
  line: number;
}

// Lines after a hint line that may still belong to its statement ("Copyright 2004-2024\n
// The Foo Project"); ScanCode also looks a few lines past each hint.
const FOLLOW_LINES = 3;

/** Tokens of one prepared line; quotes and backticks around words are dropped. */
export function lexLine(text: string, line: number): Token[] {
  const tokens: Token[] = [];
  for (const raw of text.split(' ')) {
    if (raw === '') continue;
    // Quotes wrap string literals in code ("copyright": "Copyright 2020 Foo Inc.",).
    const clean = raw.replace(/^["'`]+/, '').replace(/["'`]+([,;:.)]*)$/, '$1');
    if (clean === '') continue;
    const tag = tagOf(clean);
    // A sentence's final period after a contact is not part of the address.
    const text = tag === 'EMAIL' || tag === 'URL' ? clean.replace(/\.$/, '') : clean;
    tokens.push({ text, raw: clean, tag, line });
  }
  return tokens;
}

/**
 * The candidate regions of a file as token streams: runs of lines around hint lines, blank
 * lines kept as BREAK tokens so a statement never jumps over a paragraph break. Lines far
 * from any hint are never prepared or lexed, which keeps large files cheap.
 */
export function candidateRegions(lines: NumberedLine[]): Token[][] {
  const regions: Token[][] = [];
  let current: Token[] | null = null;
  let keepUntil = -1;
  for (let i = 0; i < lines.length; i++) {
    const { text, line } = lines[i];
    if (HINT.test(text)) keepUntil = i + FOLLOW_LINES;
    if (i > keepUntil) {
      if (current) regions.push(current);
      current = null;
      continue;
    }
    current ??= [];
    const prepared = prepareLine(text);
    if (prepared === '') current.push({ text: '', raw: '', tag: 'BREAK', line });
    else for (const token of lexLine(prepared, line)) current.push(token);
  }
  if (current) regions.push(current);
  return regions;
}
