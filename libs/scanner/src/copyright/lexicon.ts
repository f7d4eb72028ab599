import { LEXICON_TABLE } from './lexicon-table';

/**
 * The copyright lexer: each token gets the tag of the first table pattern that matches its
 * start (the table is ScanCode's, see lexicon-table.ts). Tags only depend on the token text,
 * so they are memoized: most files repeat a few hundred words, and a new word costs one pass
 * over the ~1,000 patterns.
 */

// ScanCode's composed year expressions, kept as it writes them.
const YEAR = '(19[6-9][0-9]|20[0-3][0-9])';
const YEAR_SHORT = '([6-9][0-9]|[0-][0-9])';
const YEAR_YEAR =
  '((19[6-9][0-9][\\.,\\-]_)+[6-9][0-9]|(19[6-9][0-9][\\.,\\-])+[0-9]|(20[0-3][0-9][\\.,\\-])+[0-2][0-9]' +
  '|(20[0-3][0-9][\\.,\\-])+[0-9]|(20[0-3][0-9][\\.,\\-])+20[0-3][0-9]|(20[0-3][0-9][\\.,\\-])+20[0-3]x' +
  '|(20[0-3][0-9][\\.,\\-])+20[0-3][0-9]a)';
// ASCII punctuation, the letter i (an oddity kept from ScanCode) or a double-escaped &nbsp.
const PUNCT = '([!-\\/:-@\\[-\\x60{-~i]|\\\\&nbsp)*';
const YEAR_OR_YEAR_YEAR_WITH_PUNCT = `(${YEAR}${PUNCT}|${YEAR_YEAR}${PUNCT})`;
const YEAR_THEN_YEAR_SHORT = `(${YEAR_OR_YEAR_YEAR_WITH_PUNCT}(${YEAR_SHORT}${PUNCT})*)`;
const YEAR_PATTERNS: Record<string, string> = {
  YEAR_1: `^${PUNCT}${YEAR_OR_YEAR_YEAR_WITH_PUNCT}+(${YEAR_OR_YEAR_YEAR_WITH_PUNCT}|${YEAR_THEN_YEAR_SHORT})*$`,
  YEAR_2: `^${PUNCT}${YEAR_OR_YEAR_YEAR_WITH_PUNCT}+(${YEAR_OR_YEAR_YEAR_WITH_PUNCT}|${YEAR_THEN_YEAR_SHORT}|${YEAR_SHORT}${PUNCT})*$`,
  YEAR_3: `^(${YEAR_YEAR})+$`,
  YEAR_4: `^(${YEAR}[\\-~]? ?[Pp]resent\\.?,?)+$`,
  YEAR_ISO: `^${YEAR}-(0?[1-9]|1[012])-(0?[1-9]|[12][0-9]|3[01])$`,
};
// The year expressions backtrack a lot; they only run on tokens that hold a year.
const MAY_HOLD_YEAR = /(?:19[6-9]|20[0-3])\d/;

interface Matcher {
  tag: string;
  re: RegExp;
  yearOnly: boolean;
}

/** A Python `re.match` pattern as a JavaScript RegExp anchored at the start. */
function compile(source: string): RegExp {
  let flags = '';
  let src = source.replace(/\{,(\d+)\}/g, '{0,$1}');
  if (src.includes('(?i:')) {
    // Only used around whole patterns in the table: the flag applies to all of it.
    src = src.replace('(?i:', '(?:');
    flags = 'i';
  }
  return new RegExp(`^(?:${src})`, flags);
}

function loadMatchers(): Matcher[] {
  const out: Matcher[] = [];
  for (const line of LEXICON_TABLE.split('\n')) {
    if (!line.trim()) continue;
    const space = line.indexOf(' ');
    const tag = line.slice(0, space);
    const pattern = line.slice(space + 1).trimStart();
    const named = /^\{\{(\w+)\}\}$/.exec(pattern);
    if (named) out.push({ tag, re: compile(YEAR_PATTERNS[named[1]]), yearOnly: true });
    else out.push({ tag, re: compile(pattern), yearOnly: false });
  }
  return out;
}

let matchers: Matcher[] | null = null;
const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

/** The part-of-speech tag of one token. */
export function tagOf(value: string): string {
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  matchers ??= loadMatchers();
  // An empty-line marker: Python's `$` also matches before a final newline, so ScanCode's
  // small-number pattern tags it; kept so the grammar sees the same sequence.
  let tag = value === '\n' ? 'CDS' : 'NN';
  if (value !== '\n') {
    const year = MAY_HOLD_YEAR.test(value);
    for (const m of matchers) {
      if (m.yearOnly && !year) continue;
      if (m.re.test(value)) {
        tag = m.tag;
        break;
      }
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(value, tag);
  return tag;
}
