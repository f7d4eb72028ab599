import { posixToJs } from './posix-regex';

/**
 * libmagic's tests (string, search, regex, numeric) compiled into probes over a file's text.
 *
 * A probe reads at a position and answers NO, or where the match ended (what libmagic's relative
 * offsets count from), or SOMEWHERE when it matched but the end is not known. Literal tests
 * without flags, numeric tests and regular expressions on ASCII text answer exactly. Where
 * libmagic's matching is looser than a compare (case folding, optional whitespace) a probe says
 * SOMEWHERE whenever libmagic might match; a test it cannot read answers SOMEWHERE too. Doubt
 * thus always leans towards "libmagic might say something else", which sends the file to libmagic.
 */
export interface GeneratedTest {
  type: string;
  offset: number | null;
  flags: string;
  op: string;
  value: string;
  prints: boolean;
  /** libmagic describes a match as "JavaScript source". */
  javascript?: boolean;
  /** A numeric test's mask, in hex. */
  mask?: string;
  /** The offset counts from the end of the previous level's match, or through a pointer. */
  relative?: boolean;
  /** The tests one level down that the generator saw libmagic try (absent: not seen). */
  children?: GeneratedTest[];
}

/** A file's text as the rules see it: its encoding window as bytes and as text. */
export interface RuleInput {
  bytes: Buffer;
  text: string;
  /** The window's first REGEX_BYTES bytes, as text: what a regular expression sees. */
  regexText: string;
  /** True when the text is ASCII, so character offsets are byte offsets. */
  ascii: boolean;
  /** Lowercased copies of `text`, made on first use. */
  lowered?: Map<string, string>;
}

export const NO = -1;
export const SOMEWHERE = -2;

/** Reads at `at` (a byte offset, or SOMEWHERE when the test's position is not known). */
export type Probe = (input: RuleInput, at: number) => number;

/** libmagic applies a regular expression to at most this many bytes (MAGIC_PARAM_REGEX_MAX). */
export const REGEX_BYTES = 8192;
/** A line-counted regular expression reads this many bytes per line. */
const BYTES_PER_LINE = 80;
/** How much of the text loose tests read, unless their range asks for more. */
const LOOSE_REACH = 8192;

export const ALWAYS: Probe = () => SOMEWHERE;

export function compileProbe(test: GeneratedTest): Probe {
  if (test.offset === null) return ALWAYS;
  const { range, lines, letters } = rangeOf(test.flags);
  const numeric = numericProbe(test);
  if (numeric) return numeric;
  if (test.type !== 'string' && test.type !== 'search' && test.type !== 'regex') return ALWAYS;
  const positive = test.type === 'regex' ? regexProbe(test.value, letters, range, lines) : literalProbe(test, letters, range);
  if (test.op === '=') return positive;
  // A negation is exact only where its positive test is: ASCII text, no loose flags.
  if (test.op === '!' && letters.replace(/[lt]/g, '') === '') return (input, at) => (!input.ascii || at === SOMEWHERE || positive(input, at) === NO ? SOMEWHERE : NO);
  return ALWAYS;
}

/** Range and line-count flags of `search/8192`, `regex/l/100`, `search/Wct/4096`. */
function rangeOf(flags: string): { range: number | null; lines: boolean; letters: string } {
  const parts = flags.split('/');
  const number = parts.find((p) => /^\d+$/.test(p));
  const letters = parts.filter((p) => !/^\d+$/.test(p)).join('');
  return { range: number === undefined ? null : Number(number), lines: letters.includes('l'), letters };
}

/**
 * The byte strings a magic value shown by libmagic's debug output can stand for. It shows
 * unprintable bytes as \n, \t, octal or hex escapes and a backslash as itself, so "\relax" is
 * either a CR and "elax" or TeX's \relax: a control escape before a letter gives both readings.
 */
export function unescapeVariants(value: string): string[] {
  const control = unescapeWith(value, true);
  const literal = unescapeWith(value, false);
  return control === literal ? [control] : [control, literal];
}

function unescapeWith(value: string, controlBeforeLetters: boolean): string {
  return value.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|[abfnrtv])(?=([A-Za-z]?))/g, (whole: string, e: string, next: string) => {
    if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (next !== '' && !controlBeforeLetters) return whole;
    return CONTROL_ESCAPES[e];
  });
}

const CONTROL_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function literalProbe(test: GeneratedTest, letters: string, range: number | null): Probe {
  const variants = unescapeVariants(test.value).map((needle) => literalVariant(needle, test.type === 'search', letters, range));
  if (variants.length === 1) return variants[0];
  return (input, at) => {
    for (const variant of variants) {
      const end = variant(input, at);
      if (end !== NO) return end;
    }
    return NO;
  };
}

/**
 * A string compares at its position, a search looks for the first occurrence within its range,
 * byte for byte. With whitespace or case flags the needle's words are looked for, case folded,
 * one after the other with only whitespace between: more than libmagic matches, never less.
 */
function literalVariant(needle: string, search: boolean, letters: string, range: number | null): Probe {
  if (!/[wWcC]/.test(letters)) {
    const literal = Buffer.from(needle, 'latin1');
    if (!search || range === 1) return ({ bytes }, at) => (at === SOMEWHERE ? (bytes.indexOf(literal) >= 0 ? SOMEWHERE : NO) : startsAt(bytes, literal, at) ? at + literal.length : NO);
    return ({ bytes }, at) => {
      if (at === SOMEWHERE) return bytes.indexOf(literal) >= 0 ? SOMEWHERE : NO;
      const found = range === null ? bytes.indexOf(literal, at) : bytes.subarray(0, at + range - 1 + literal.length).indexOf(literal, at);
      return found >= 0 ? found + literal.length : NO;
    };
  }
  const words = needle.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return ALWAYS;
  return (input, at) => {
    const last = at === SOMEWHERE ? Infinity : search ? (range === null ? Infinity : at + range) : at;
    const text = lowered(input, last + needle.length * 4 > LOOSE_REACH);
    for (let i = text.indexOf(words[0]); i >= 0 && i <= last; i = text.indexOf(words[0], i + 1)) {
      if (wordsFollow(text, words, i)) return SOMEWHERE;
    }
    return NO;
  };
}

/** The first LOOSE_REACH characters lowercased, or the whole text; made once per file. */
function lowered(input: RuleInput, whole: boolean): string {
  input.lowered ??= new Map();
  const key = whole ? 'all' : 'head';
  let out = input.lowered.get(key);
  if (out === undefined) {
    out = (whole ? input.text : input.text.slice(0, LOOSE_REACH)).toLowerCase();
    input.lowered.set(key, out);
  }
  return out;
}

/** True when `words` occur in `text` from `at`, separated by nothing but whitespace. */
function wordsFollow(text: string, words: string[], at: number): boolean {
  let i = at + words[0].length;
  for (let w = 1; w < words.length; w++) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (!text.startsWith(words[w], i)) return false;
    i += words[w].length;
  }
  return true;
}

export function startsAt(bytes: Buffer, literal: Buffer, offset: number): boolean {
  if (offset < 0 || offset + literal.length > bytes.length) return false;
  for (let i = 0; i < literal.length; i++) if (bytes[offset + i] !== literal[i]) return false;
  return true;
}

/**
 * A regular expression applied where libmagic applies it: from the position, over its range in
 * bytes or lines, at most REGEX_BYTES. On UTF-8 text, whose characters are not bytes, and at an
 * unknown position it reads the whole text (without a leading anchor unless at the start) and
 * reports SOMEWHERE.
 */
function regexProbe(pattern: string, letters: string, range: number | null, lines: boolean): Probe {
  let anchored: RegExp;
  let loose: RegExp;
  try {
    anchored = posixToJs(pattern, letters.includes('c'));
    loose = posixToJs(pattern.replace(/^\^/, ''), letters.includes('c'));
  } catch {
    return ALWAYS;
  }
  const fromStart = letters.includes('s');
  // Text without one of the pattern's required literals cannot match: a substring search says so
  // for most files, sooner than the expression tried at every line start.
  const required = letters.includes('c') ? [] : requiredLiterals(pattern);
  const mayMatch = (subject: string) => required.every((literal) => subject.includes(literal));
  return (input, at) => {
    if (at === SOMEWHERE) return mayMatch(input.text) && loose.test(input.text) ? SOMEWHERE : NO;
    if (!input.ascii && at === 0) return mayMatch(input.regexText) && anchored.test(input.regexText) ? SOMEWHERE : NO;
    if (!input.ascii) return mayMatch(input.text) && loose.test(input.text) ? SOMEWHERE : NO;
    let subject = input.text.slice(at, at + REGEX_BYTES);
    if (lines && range !== null) subject = firstLines(subject, range);
    else if (range !== null) subject = subject.slice(0, range);
    if (!mayMatch(subject)) return NO;
    const m = anchored.exec(subject);
    if (!m) return NO;
    return at + m.index + (fromStart ? 0 : m[0].length);
  };
}

/** Characters that end a run of literal characters in a POSIX extended expression. */
const SPECIAL = new Set(['.', '[', ']', '(', ')', '*', '+', '?', '{', '}', '^', '$', '|', '\\']);

/**
 * Literal strings that every match of a POSIX extended expression contains: the runs of plain
 * characters outside groups and brackets, a character made optional by `*`, `?` or `{` left out.
 * None when the expression has a top-level alternative (any branch may match alone). An escaped
 * punctuation mark is the mark itself; an escaped letter or digit, and `\<` and `\>` (word
 * boundaries), end a run.
 */
export function requiredLiterals(pattern: string): string[] {
  const out: string[] = [];
  let run = '';
  let depth = 0;
  const end = () => {
    if (run !== '') out.push(run);
    run = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '[') {
      end();
      i = bracketEnd(pattern, i);
    } else if (c === '(') {
      end();
      depth++;
    } else if (c === ')') depth--;
    else if (depth > 0) continue;
    else if (c === '|') return [];
    else if (c === '*' || c === '?' || c === '{') {
      run = run.slice(0, -1);
      end();
      if (c === '{') i = Math.max(i, pattern.indexOf('}', i));
    } else if (c === '+') end();
    else if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      // `\<` and `\>` are word boundaries (see posixToJs), not the marks.
      if (/^[\p{P}\p{S}]$/u.test(next) && next.charCodeAt(0) < 128 && next !== '<' && next !== '>') run += next;
      else end();
    } else if (SPECIAL.has(c)) end();
    else run += c;
  }
  end();
  return out;
}

/** Index of the `]` closing the bracket expression opened at `open` (a `]` first inside is literal). */
function bracketEnd(pattern: string, open: number): number {
  let j = open + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  for (; j < pattern.length; j++) {
    if (pattern.startsWith('[:', j)) {
      const close = pattern.indexOf(':]', j + 2);
      if (close > 0) j = close + 1;
    } else if (pattern[j] === ']') return j;
  }
  return pattern.length;
}

/** The first `n` lines of a text, within n * BYTES_PER_LINE characters. */
function firstLines(text: string, n: number): string {
  const subject = text.slice(0, n * BYTES_PER_LINE);
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = subject.indexOf('\n', at + 1);
    if (at < 0) return subject;
  }
  return subject.slice(0, at + 1);
}

const NUMERIC_TYPE = /^(u?)(le|be)?(byte|short|long|quad)$/;
const NUMERIC_SIZE: Record<string, number> = { byte: 1, short: 2, long: 4, quad: 8 };

/**
 * A numeric test (`ulelong&e0000001,=1`): the value at the position, masked, against the test's
 * value. WebAssembly is little-endian, so libmagic's native order is too. `<` and `>` accept
 * either a signed or an unsigned reading. Null when the test is not numeric.
 */
function numericProbe(test: GeneratedTest): Probe | null {
  const kind = NUMERIC_TYPE.exec(test.type);
  if (!kind) return null;
  const op = test.op;
  if (op === 'x' || !/^-?\d+$/.test(test.value) || !'=!&^<>'.includes(op)) return ALWAYS;
  const size = NUMERIC_SIZE[kind[3]];
  const bits = size * 8;
  const little = kind[2] !== 'be';
  const mask = test.mask ? BigInt.asUintN(bits, BigInt(`0x${test.mask}`)) : null;
  const target = BigInt.asUintN(bits, BigInt(test.value));
  const holds = (v: bigint): boolean => {
    switch (op) {
      case '=': return v === target;
      case '!': return v !== target;
      case '&': return (v & target) === target;
      case '^': return (v & target) !== target;
      case '<': return v < target || BigInt.asIntN(bits, v) < BigInt.asIntN(bits, target);
      default: return v > target || BigInt.asIntN(bits, v) > BigInt.asIntN(bits, target);
    }
  };
  return ({ bytes }, at) => {
    if (at === SOMEWHERE) return SOMEWHERE;
    if (at < 0 || at + size > bytes.length) return NO;
    let v = 0n;
    for (let i = 0; i < size; i++) v = (v << 8n) | BigInt(bytes[little ? at + size - 1 - i : at + i]);
    return holds(mask === null ? v : v & mask) ? at + size : NO;
  };
}
