import type { Token } from './lexer';
import type { Tag } from './tag-rules';
import { isAbbreviation } from './tag-rules';

/**
 * The grammar, written as a small hand parser over tags instead of ScanCode's chunking
 * rules: COPYRIGHT = (COPY | C)+ (YEAR | BY | PUNCT)* HOLDER? ALLRIGHTS?, and
 * AUTHOR = (AUTH | AUTH_VERB BY) NAMES. HOLDER and NAMES are runs of name-like tokens that
 * may continue on the next line only when the line visibly does not end the statement.
 */
export interface ParsedStatement {
  kind: 'copyright' | 'author';
  /** Prefix tokens: copyright words, (c), years, "by". */
  prefix: Token[];
  /** The holder or author name tokens (may contain years, emails, urls). */
  names: Token[];
  /** "All rights reserved" tokens when present. */
  allRights: Token[];
  /** The statement is the first thing on its line (a heading rather than prose). */
  lineStart: boolean;
}

const PREFIX_TAGS = new Set<Tag>(['COPY', 'C', 'YEAR', 'BY', 'PUNCT']);
const NAME_TAGS = new Set<Tag>(['NAME', 'ORG', 'EMAIL', 'URL', 'WORD']);
// How many line breaks a holder may cross; longer runs are prose, not a statement.
const MAX_CONTINUATION_LINES = 3;

function isAllRights(tokens: Token[], i: number): boolean {
  return tokens[i]?.tag === 'ALL' && tokens[i + 1]?.tag === 'RIGHTS' && tokens[i + 2]?.tag === 'RESERVED';
}

/** A line break inside a holder is allowed when the previous line is visibly unfinished. */
function mayContinue(prev: Token, next: Token, names: Token[]): boolean {
  if (names.length === 0) return true;
  if (/,$/.test(prev.raw) || prev.tag === 'CONN' || prev.tag === 'BY') return true;
  return next.tag === 'ORG' || (next.tag === 'CONN' && /^(?:and|&)$/i.test(next.text));
}

/** After a word ending a sentence, only a company suffix, year or contact may follow. */
function endsSentence(token: Token, next: Token | undefined): boolean {
  if (!/\.$/.test(token.raw) || isAbbreviation(token.raw)) return false;
  if (!next || next.line !== token.line) return true;
  return !(next.tag === 'ORG' || next.tag === 'YEAR' || next.tag === 'EMAIL' || next.tag === 'URL');
}

/** Reads holder or author names from `start`; returns them and the index after them. */
function readNames(tokens: Token[], start: number, allowYears: boolean): { names: Token[]; end: number } {
  const names: Token[] = [];
  let lines = 0;
  let j = start;
  for (; j < tokens.length; j++) {
    const t = tokens[j];
    if (t.tag === 'BREAK') break;
    if (j > start && t.line !== tokens[j - 1].line) {
      if (++lines > MAX_CONTINUATION_LINES || !mayContinue(tokens[j - 1], t, names)) break;
    }
    const hasName = names.some((n) => NAME_TAGS.has(n.tag) && n.tag !== 'WORD');
    let accept = false;
    switch (t.tag) {
      case 'NAME':
      case 'ORG':
      case 'EMAIL':
      case 'URL':
        accept = true;
        break;
      case 'YEAR':
        accept = allowYears || names.length > 0;
        break;
      case 'CONN':
        accept = names.length > 0 || /^the$/i.test(t.text);
        break;
      case 'WORD':
        // A lowercase word is a name only as a handle right where a name starts
        // ("Copyright (c) 2015 sindresorhus"); later it is prose.
        accept = !hasName && !names.some((n) => n.tag === 'WORD');
        break;
      case 'COPY':
      case 'C':
      case 'AUTH':
      case 'AUTH_VERB':
      case 'BY':
      case 'ALL':
      case 'RIGHTS':
      case 'RESERVED':
      case 'STOP':
      case 'JUNK':
      case 'PUNCT':
        accept = false;
        break;
    }
    if (!accept) break;
    names.push(t);
    if (endsSentence(t, tokens[j + 1]) || /[;]$/.test(t.raw)) {
      j++;
      break;
    }
  }
  return { names, end: j };
}

/** A copyright statement starting at `start` (a COPY or C token). */
export function parseCopyright(tokens: Token[], start: number): { statement: ParsedStatement; end: number } {
  let j = start;
  const prefix: Token[] = [];
  while (j < tokens.length && PREFIX_TAGS.has(tokens[j].tag)) {
    // "Copyright: Copyright (c)" and `copyright = "Copyright ...` say it once.
    if (tokens[j].tag === 'COPY' && prefix.some((t) => t.tag === 'COPY') && prefix.every((t) => t.tag === 'COPY' || t.tag === 'C' || t.tag === 'PUNCT')) prefix.length = 0;
    prefix.push(tokens[j++]);
  }
  const { names, end } = readNames(tokens, j, true);
  j = end;
  const allRights: Token[] = [];
  if (isAllRights(tokens, j)) {
    allRights.push(tokens[j], tokens[j + 1], tokens[j + 2]);
    j += 3;
  }
  const lineStart = start === 0 || tokens[start - 1].line !== tokens[start].line;
  return { statement: { kind: 'copyright', prefix, names, allRights, lineStart }, end: Math.max(j, start + 1) };
}

/** An author statement at `start` (AUTH, or AUTH_VERB followed by BY), or null. */
export function parseAuthor(tokens: Token[], start: number): { statement: ParsedStatement; end: number } | null {
  const first = tokens[start];
  let j = start + 1;
  if (first.tag === 'AUTH_VERB') {
    if (tokens[j]?.tag !== 'BY' || tokens[j].line !== first.line) return null;
    j++;
  }
  // `__author__ = "..."` and "Author: by ..." put glue between the trigger and the name.
  while (tokens[j]?.tag === 'PUNCT' || tokens[j]?.text === '=' || (first.tag === 'AUTH' && tokens[j]?.tag === 'BY')) j++;
  const { names, end } = readNames(tokens, j, false);
  return { statement: { kind: 'author', prefix: tokens.slice(start, j), names, allRights: [], lineStart: false }, end: Math.max(end, start + 1) };
}
