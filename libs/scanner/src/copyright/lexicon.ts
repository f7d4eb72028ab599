import { firstChars } from './first-chars';
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
/** Letters outside character classes spelled as [xX], for the table's case-insensitive patterns. */
function caseless(src: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      out += c + (src[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
    } else if (/[a-z]/i.test(c)) out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
    else out += c;
  }
  return out;
}

/** A table pattern as JavaScript regex source (Python's `{,n}` and `(?i:...)` converted). */
function convert(source: string): string {
  let src = source.replace(/\{,(\d+)\}/g, '{0,$1}');
  const i = src.indexOf('(?i:');
  if (i >= 0) src = src.slice(0, i) + caseless(`(?:${src.slice(i + 4)}`);
  return src;
}

/** Capturing groups in a regex source: "(" not followed by "?", unescaped, outside classes. */
function countGroups(src: string): number {
  let n = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && src[i + 1] !== '?') n++;
  }
  return n;
}

interface Pattern {
  tag: string;
  src: string;
  first: Uint8Array;
}

/**
 * Patterns as one alternation anchored at the start: the regex engine tries them in table
 * order and the first that matches wins, which is the table's rule; the group that took part
 * tells the tag. One alternation per first character of the token holds only the patterns
 * that can match a token starting with it, which keeps each test short.
 */
interface Alternation {
  re: RegExp;
  tags: { group: number; tag: string }[];
}

function alternation(patterns: Pattern[]): Alternation {
  const parts: string[] = [];
  const tags: { group: number; tag: string }[] = [];
  let group = 1;
  for (const p of patterns) {
    parts.push(`(${p.src})`);
    tags.push({ group, tag: p.tag });
    group += 1 + countGroups(p.src);
  }
  return { re: new RegExp(`^(?:${parts.join('|')})`), tags };
}

function loadPatterns(): Pattern[] {
  const out: Pattern[] = [];
  for (const line of LEXICON_TABLE.split('\n')) {
    if (!line.trim()) continue;
    const space = line.indexOf(' ');
    const tag = line.slice(0, space);
    const pattern = line.slice(space + 1).trimStart();
    const named = /^\{\{(\w+)\}\}$/.exec(pattern);
    const src = named ? YEAR_PATTERNS[named[1]] : convert(pattern);
    out.push({ tag, src, first: firstChars(src) });
  }
  return out;
}

let patterns: Pattern[] | null = null;
let anyFirst: Alternation | null = null;
const byFirst: (Alternation | undefined)[] = [];
const cache = new Map<string, string>();
const CACHE_LIMIT = 200_000;

function alternationFor(value: string): Alternation {
  patterns ??= loadPatterns();
  const code = value.charCodeAt(0);
  if (!(code < 128)) return (anyFirst ??= alternation(patterns));
  return (byFirst[code] ??= alternation(patterns.filter((p) => p.first[code] === 1)));
}

/**
 * Builds every alternation and runs each once, for a worker's warm-up: V8 compiles a regular
 * expression on its first use, and these take about 0.4 s together, which the first copyright
 * files a scan meets would otherwise wait for (in each worker of each run).
 */
export function prepareLexicon(): void {
  for (let code = 1; code < 128; code++) alternationFor(String.fromCharCode(code)).re.exec(String.fromCharCode(code));
  alternationFor('\u00e9').re.exec('\u00e9');
}

/** The part-of-speech tag of one token. */
export function tagOf(value: string): string {
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  // An empty-line marker: Python's "$" also matches before a final newline, so ScanCode's
  // small-number pattern tags it; kept so the grammar sees the same sequence.
  let tag = 'CDS';
  if (value !== '\n' && value !== '') {
    const { re, tags } = alternationFor(value);
    const m = re.exec(value);
    tag = 'NN';
    if (m) {
      for (const t of tags) {
        if (m[t.group] !== undefined) {
          tag = t.tag;
          break;
        }
      }
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(value, tag);
  return tag;
}
