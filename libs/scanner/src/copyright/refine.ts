import type { Token } from './lexer';
import type { ParsedStatement } from './statement-parser';

/**
 * Turning parsed statements into the reported strings, and deciding which statements are
 * real. ScanCode does the same after its tree walk: duplicate "Copyright" words, dangling
 * connectors, unbalanced parentheses and trailing separators go; holders lose years,
 * "(c)", emails and urls.
 */

/** Drops parentheses and brackets that have no partner, keeping the balanced ones. */
export function balanceParens(text: string): string {
  const chars = [...text];
  const open: number[] = [];
  const drop = new Set<number>();
  chars.forEach((ch, i) => {
    if (ch === '(' || ch === '[') open.push(i);
    else if (ch === ')' || ch === ']') {
      if (open.length > 0) open.pop();
      else drop.add(i);
    }
  });
  for (const i of open) drop.add(i);
  return drop.size === 0 ? text : chars.filter((_, i) => !drop.has(i)).join('');
}

/** Trailing separators and glue words that cannot end a statement. */
export function trimEnds(text: string): string {
  let out = text.trim();
  let previous: string;
  do {
    previous = out;
    out = out
      .replace(/[\s,;:\-–/&+]+$/, '')
      .replace(/([>)])\.$/, '$1')
      .replace(/\s+(?:and|and\/or|or|of|the|by|its|at|de|van|von)$/i, '')
      .replace(/^[\s,;:\-–]+/, '')
      .replace(/^by\s+/i, '');
  } while (out !== previous);
  return out.replace(/\s+/g, ' ');
}

function join(tokens: Token[]): string {
  return tokens.map((t) => t.text).join(' ');
}

export function copyrightText(s: ParsedStatement, withAllRights: boolean): string {
  const prefix = s.prefix.map((t) => (t.tag === 'COPY' ? { ...t, text: t.text.replace(/[:,]+$/, '') } : t));
  let text = trimEnds(balanceParens(join([...prefix, ...s.names])));
  if (withAllRights && s.allRights.length > 0) text = `${text.replace(/[.,;]$/, '')}. ${join(s.allRights)}`;
  return text;
}

/**
 * Holder or author name: the names without years, (c), and — for holders — contacts. The
 * separator after a dropped contact stays ("A <a@x>, B" → "A, B").
 */
export function nameText(s: ParsedStatement, keepContacts: boolean): string {
  const parts: string[] = [];
  for (const t of s.names) {
    const dropped = t.tag === 'YEAR' || t.tag === 'C' || (!keepContacts && (t.tag === 'EMAIL' || t.tag === 'URL'));
    if (!dropped) parts.push(t.text);
    else if (t.tag !== 'YEAR' && parts.length > 0 && /[,;]$/.test(t.raw) && !/[,;]$/.test(parts[parts.length - 1])) {
      parts[parts.length - 1] += t.raw.slice(-1);
    }
  }
  return trimEnds(balanceParens(parts.join(' ')).replace(/\(\s*\)/g, ''));
}

const isName = (t: Token): boolean => t.tag === 'NAME' || t.tag === 'ORG' || t.tag === 'WORD';
const isContact = (t: Token): boolean => t.tag === 'EMAIL' || t.tag === 'URL';

/** Whether a parsed copyright is a statement rather than prose, a template or code. */
export function isRealCopyright(s: ParsedStatement): boolean {
  const hasYear = [...s.prefix, ...s.names].some((t) => t.tag === 'YEAR');
  const names = s.names.filter(isName).length;
  const contacts = s.names.filter(isContact).length;
  const copyWord = s.prefix.find((t) => t.tag === 'COPY');
  const hasC = s.prefix.some((t) => t.tag === 'C');
  const properNames = s.names.filter((t) => (t.tag === 'NAME' || t.tag === 'ORG') && t.text.length > 1).length;
  // A lowercase handle is a holder only after a year ("Copyright (c) 2015 sindresorhus").
  if (properNames === 0 && contacts === 0 && !hasYear) return false;
  // A bare "(c)" is also how lettered list items start: it needs more evidence.
  if (!copyWord) return properNames > 0 && (hasYear || contacts > 0 || names >= 2);
  // "under the Copyright Act" has neither year nor sign: only a line-leading word counts.
  if (!hasYear && !hasC && contacts === 0) return names > 0 && s.lineStart && /^[A-Z]/.test(copyWord.text);
  return hasYear || names > 0 || contacts > 0;
}

/** Whether a parsed author statement names someone. */
export function isRealAuthor(s: ParsedStatement): boolean {
  const first = s.names.find((t) => t.tag !== 'CONN');
  if (!first) return false;
  // "created by the user" is prose; a verb-introduced author must look like a name.
  if (s.prefix[0]?.tag === 'AUTH_VERB' && first.tag === 'WORD') return false;
  return s.names.some((t) => isName(t) || isContact(t));
}
