/**
 * The `string_fragment` nodes tree-sitter-javascript (0.23) makes of a literal: the runs of raw
 * source characters between escape sequences (and, in templates, between `${…}` substitutions).
 * source-inspector collects exactly these as a file's strings, so "a\nb" gives "a" and "b", and
 * the text stays raw (no unescaping).
 */

const OCTAL = /[0-7]/;
const HEX = /[0-9a-fA-F]/;
const LINE_BREAKS = new Set(['\n', '\u2028', '\u2029']);

/** The length of the escape sequence starting with the backslash at `at` (tree-sitter's escape_sequence). */
function escapeLength(body: string, at: number): number {
  const next = body[at + 1];
  if (next === undefined) return 1;
  if ((next === '\r' || next === '?') && LINE_BREAKS.has(body[at + 2] ?? '')) return 3;
  if (OCTAL.test(next)) {
    let length = 2;
    while (length < 4 && OCTAL.test(body[at + length] ?? '')) length++;
    return length;
  }
  if (next === 'x') return HEX.test(body[at + 2] ?? '') && HEX.test(body[at + 3] ?? '') ? 4 : 2;
  if (next === 'u') {
    if (body[at + 2] === '{') {
      const close = body.indexOf('}', at + 3);
      if (close > at + 3 && /^[0-9a-fA-F]+$/.test(body.slice(at + 3, close))) return close - at + 1;
      return 2;
    }
    return /^[0-9a-fA-F]{4}$/.test(body.slice(at + 2, at + 6)) ? 6 : 2;
  }
  // Any other single character (a code point: a surrogate pair counts as one).
  return 1 + (body.codePointAt(at + 1)! > 0xffff ? 2 : 1);
}

/**
 * Fragments of the body (between the quotes) of a '…' or "…" string. Raw line breaks cannot
 * be part of a fragment (tree-sitter's fragment excludes \r and \n), so they split one too.
 */
export function quotedStringFragments(body: string): string[] {
  return fragmentsOf(body, (ch) => ch === '\r' || ch === '\n');
}

/** Fragments of the raw text of one template span (between "`", "${" and "}" delimiters). */
export function templateFragments(span: string): string[] {
  return fragmentsOf(span, () => false);
}

function fragmentsOf(body: string, isSeparator: (ch: string) => boolean): string[] {
  const fragments: string[] = [];
  let start = 0;
  let i = 0;
  const flush = (end: number): void => {
    if (end > start) fragments.push(body.slice(start, end));
  };
  while (i < body.length) {
    const ch = body[i];
    if (ch === '\\') {
      flush(i);
      i += escapeLength(body, i);
      start = i;
    } else if (isSeparator(ch)) {
      flush(i);
      start = ++i;
    } else {
      i++;
    }
  }
  flush(body.length);
  return fragments;
}

const CHARACTER_REFERENCE = /&(#([xX][0-9a-fA-F]{1,6}|[0-9]{1,5})|[A-Za-z]{1,30});/g;

/** Fragments of a JSX attribute string: no escapes there, but HTML character references (&amp;) split it. */
export function jsxStringFragments(body: string): string[] {
  return body.split(CHARACTER_REFERENCE).filter((part, i) => i % 3 === 0 && part !== '');
}
