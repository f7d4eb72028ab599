/**
 * Text preparation for copyright detection: one raw line in, one normalized line out.
 * Statements are found in comments, markup and plain text alike, so the decorations of
 * each (comment markers, tags, entities, copyright-sign spellings) are removed first and
 * the lexer only ever sees plain words.
 */

const ENTITIES: Record<string, string> = {
  copy: '©',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '-',
  mdash: '-',
};

/** Named and numeric entities; unknown names are left alone rather than guessed. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

// Leading comment markers of the usual languages; applied repeatedly because banners
// stack them (`// * `, `## --`).
const LEADING_MARKER = /^\s*(?:\/\*+!?|\*+\/|\/\/+!?|#+!?|--+|;+|<!--|-->|%+|\*+|REM\b|dnl\b|'''|"""|@rem\b|\|)\s?/i;
const TRAILING_MARKER = /\s*(?:\*+\/|-->|\*+|#+|\|)\s*$/;

// Tags such as `<p class="x">` or `</a>`, but never `<jane@example.com>` or `<https://x>`
// (those are part of statements). Template placeholders like `<year>` and
// `<name of author>` go too, which is what makes license templates come out empty.
const MARKUP_TAG = /<\/?[a-z][\w:-]*(?:\s[^<>]*)?\/?>/gi;

/** The normalized text of one line; empty when nothing but decoration was there. */
export function prepareLine(raw: string): string {
  let text = decodeEntities(raw);
  if (text.includes('<')) text = text.replace(MARKUP_TAG, ' ');
  // Markdown links "[Foo contributors](https://x)" read as "Foo contributors (https://x)".
  if (text.includes('](')) text = text.replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, '$1 ($2)');
  let previous: string;
  do {
    previous = text;
    text = text.replace(LEADING_MARKER, '');
  } while (text !== previous && text.length > 0);
  text = text.replace(TRAILING_MARKER, '');
  text = text
    // SPDX tags are copyright and author statements in a machine-readable dress.
    .replace(/SPDX-FileCopyrightText\s*:?/gi, 'Copyright ')
    .replace(/SPDX-FileContributor\s*:?/gi, 'Author: ')
    // All spellings of the copyright sign become "(c)", as ScanCode reports them; "f(c)"
    // right after an identifier is a call in code, not a sign.
    .replace(/©|(?<![\w$.])\(\s*c\s*\)/gi, ' (c) ')
    // "Copyright 2004 - 2024" and "2004 -present" are one year range.
    .replace(/\b((?:19|20)\d\d)\s*[-–—]+\s*((?:19|20)?\d\d\b|present\b|now\b|today\b)/gi, '$1-$2')
    .replace(/\s+/g, ' ')
    .trim();
  return text;
}

/** Cheap pre-filter: lines without one of these never start a statement. */
export const HINT = /opyr|\(c\)|©|&copy;|&#169;|&#xa9;|\bcopr\b|auth|spdx-file|\bwritten\b|\bdeveloped\b|\bcontributed\b|\bcoded\b/i;
