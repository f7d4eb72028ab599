import generated from './data/text-magic-rules.json';

/**
 * libmagic's text rules (the tests it tries on a text file, in its order), read from the
 * generated table and compiled once into predicates over a file's text.
 *
 * A predicate answers "could libmagic's test match?": for literal tests without flags and for
 * regular expressions it answers exactly, and where libmagic's matching is looser than a literal
 * compare (case folding, optional whitespace) it answers yes whenever libmagic might. Tests it
 * cannot read (a named subroutine, a default branch) always answer yes. A yes on a rule that is
 * not JavaScript sends the file to libmagic, so loose answers cost time, never a wrong type.
 */
interface GeneratedTest {
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
  /** The tests one level down that the generator saw libmagic try (absent: not seen). */
  children?: GeneratedTest[];
}

interface GeneratedRule extends GeneratedTest {
  source: string;
  /** The continuation tree of a rule that prints only through it. */
  then?: GeneratedTest[] | null;
}

/** A file's text as the rules see it: its encoding window as bytes and as text. */
export interface RuleInput {
  bytes: Buffer;
  text: string;
  /** The window's first REGEX_BYTES bytes, as text: what a regular expression sees. */
  regexText: string;
  /** True when the text is ASCII, so character offsets are byte offsets. */
  ascii: boolean;
  /** Loosened copies of `text`, made on first use. */
  loose?: Map<string, string>;
}

export type Predicate = (input: RuleInput) => boolean;

export interface TextRule {
  source: string;
  /** The top-level test. */
  matches: Predicate;
  /** The rule prints a description of its own when its top-level test matches. */
  prints: boolean;
  javascript: boolean;
  /** The continuations of a rule that prints only through them; null when unknown. */
  then: Continuation[] | null;
}

/** A continuation test and what lies below it (null: not known, so it may print). */
export interface Continuation {
  matches: Predicate;
  prints: boolean;
  children: Continuation[] | null;
}

/** Could this continuation (or one below it) print a description for the input? */
export function mayPrint(node: Continuation, input: RuleInput): boolean {
  if (!node.matches(input)) return false;
  if (node.prints || node.children === null) return true;
  return node.children.some((child) => mayPrint(child, input));
}

function compileContinuation(test: GeneratedTest): Continuation {
  return {
    // A default branch runs when its siblings fail: assume it does.
    matches: test.type === 'default' ? ALWAYS : compileTest(test),
    prints: test.prints,
    children: test.children ? test.children.map(compileContinuation) : null,
  };
}

/** libmagic applies a regular expression to at most this many bytes (MAGIC_PARAM_REGEX_MAX). */
export const REGEX_BYTES = 8192;
/** A line-counted regular expression reads this many bytes per line. */
const BYTES_PER_LINE = 80;

const ALWAYS: Predicate = () => true;

/**
 * The byte strings a magic value shown by libmagic's debug output can stand for. It shows
 * unprintable bytes as \\n, \\t, octal or hex escapes and a backslash as itself, so "\\relax"
 * is either a CR and "elax" or TeX's \\relax: a control escape followed by a letter gives both.
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

/** `[[:space:]]` and the other POSIX classes libmagic's patterns use, as JavaScript class contents. */
const POSIX_CLASSES: Record<string, string> = {
  space: ' \\t\\n\\r\\f\\v', blank: ' \\t', alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z',
  lower: 'a-z', xdigit: '0-9A-Fa-f', punct: '!-\\/:-@\\[-`{-~', print: ' -~', graph: '!-~', cntrl: '\\x00-\\x1f\\x7f',
};

/** A character as JavaScript class content (escaping what is special there). */
function classChar(c: string): string {
  return c === ']' || c === '\\' ? `\\${c}` : c;
}

/**
 * A POSIX extended regular expression as a JavaScript one with libmagic's REG_NEWLINE: `^` and
 * `$` at line boundaries, and neither `.` nor a negated class crossing a newline.
 */
export function posixToJs(pattern: string, caseless: boolean): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      out += next === '<' || next === '>' ? '\\b' : `\\${next}`;
      i++;
    } else if (c === '[') {
      let j = i + 1;
      let body = '';
      const negated = pattern[j] === '^';
      if (negated) j++;
      if (pattern[j] === ']') {
        body += '\\]';
        j++;
      }
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        const cls = /^\[:(\w+):\]/.exec(pattern.slice(j));
        if (cls) {
          body += POSIX_CLASSES[cls[1]] ?? '';
          j += cls[0].length - 1;
        } else if (pattern[j] === '\\') {
          // The magic parser has already turned \n, \t and \r into the characters; any other
          // backslash is a literal one inside a POSIX bracket, beside the character after it.
          const escaped = pattern[++j] ?? '';
          body += 'ntr'.includes(escaped) && escaped !== '' ? `\\${escaped}` : `\\\\${classChar(escaped)}`;
        } else body += classChar(pattern[j]);
      }
      out += negated ? `[^\\n${body}]` : `[${body}]`;
      i = j;
    } else out += c;
  }
  // "Any lines" written as a nested repetition would backtrack exponentially in JavaScript.
  out = out.split('(.*[\\n]*)*').join('[^]*');
  if (NESTED_REPETITION.test(out)) throw new Error(`pattern may backtrack without bound: ${pattern}`);
  return new RegExp(out, caseless ? 'im' : 'm');
}

/** A repeated group that itself ends in a repetition, such as `(a*)*`. */
const NESTED_REPETITION = /\((?:[^()\\]|\\.)*[*+](?:[^()\\]|\\.)*\)[*+]/;

/** How much of the text loose tests read, unless their range asks for more. */
const LOOSE_REACH = 8192;

/** The first LOOSE_REACH characters lowercased, or the whole text when `whole`; made once per file. */
function lowered(input: RuleInput, whole: boolean): string {
  input.loose ??= new Map();
  const key = whole ? 'all' : 'head';
  let out = input.loose.get(key);
  if (out === undefined) {
    out = (whole ? input.text : input.text.slice(0, LOOSE_REACH)).toLowerCase();
    input.loose.set(key, out);
  }
  return out;
}

/**
 * A string or search test. Without flags it compares bytes exactly, as libmagic does. With
 * whitespace or case flags it folds case on both sides: more than libmagic matches, never less.
 */
function literalTest(test: GeneratedTest, offset: number, range: number | null): Predicate {
  const variants = unescapeVariants(test.value).map((needle) => literalVariant(needle, test, offset, range));
  return variants.length === 1 ? variants[0] : (input) => variants.some((variant) => variant(input));
}

function literalVariant(needle: string, test: GeneratedTest, offset: number, range: number | null): Predicate {
  const loose = /[wWcC]/.test(test.flags);
  if (!loose) {
    const literal = Buffer.from(needle, 'latin1');
    if (test.type === 'string' || range === 1) return ({ bytes }) => bytes[offset] === literal[0] && startsAt(bytes, literal, offset);
    const end = range === null ? undefined : offset + range - 1 + literal.length;
    return ({ bytes }) => (end === undefined ? bytes.indexOf(literal, offset) : bytes.subarray(0, end).indexOf(literal, offset)) >= 0;
  }
  // Optional or repeated whitespace and folded case: the needle's words, in lowercase, one
  // after the other with only whitespace between them, starting within the reach of the test (a
  // search's range, or a string's offset).
  const words = needle.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return ALWAYS;
  const last = test.type === 'search' ? (range === null ? Infinity : offset + range) : offset;
  const whole = last + needle.length * 4 > LOOSE_REACH;
  return (input) => {
    const text = lowered(input, whole);
    for (let at = text.indexOf(words[0]); at >= 0 && at <= last; at = text.indexOf(words[0], at + 1)) {
      if (wordsFollow(text, words, at)) return true;
    }
    return false;
  };
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

function regexTest(test: GeneratedTest, offset: number, range: number | null, lines: boolean): Predicate {
  let re: RegExp;
  try {
    re = posixToJs(test.value, test.flags.includes('c'));
  } catch {
    return ALWAYS;
  }
  return ({ regexText }) => {
    let subject = offset > 0 ? regexText.slice(offset) : regexText;
    if (lines && range !== null) {
      subject = subject.slice(0, range * BYTES_PER_LINE);
      let at = -1;
      for (let n = 0; n < range; n++) {
        at = subject.indexOf('\n', at + 1);
        if (at < 0) break;
      }
      if (at >= 0) subject = subject.slice(0, at + 1);
    } else if (range !== null) subject = subject.slice(0, range);
    return re.test(subject);
  };
}

/** Range and line-count flags of `search/8192`, `regex/l/100`, `search/Wct/4096`. */
function rangeOf(flags: string): { range: number | null; lines: boolean; letters: string } {
  const parts = flags.split('/');
  const number = parts.find((p) => /^\d+$/.test(p));
  const letters = parts.filter((p) => !/^\d+$/.test(p)).join('');
  return { range: number === undefined ? null : Number(number), lines: letters.includes('l'), letters };
}

const NUMERIC_TYPE = /^(u?)(le|be)?(byte|short|long|quad)$/;
const NUMERIC_SIZE: Record<string, number> = { byte: 1, short: 2, long: 4, quad: 8 };

/**
 * A numeric test (`ulelong&e0000001,=1`): the value at the offset, masked, against the test's
 * value. WebAssembly is little-endian, so libmagic's native order is too. `<` and `>` accept
 * either a signed or an unsigned reading; null when the test is not one of these.
 */
function numericTest(test: GeneratedTest, offset: number): Predicate | null {
  const kind = NUMERIC_TYPE.exec(test.type);
  if (!kind || !/^-?\d+$/.test(test.value)) return null;
  const size = NUMERIC_SIZE[kind[3]];
  const bits = size * 8;
  const little = kind[2] !== 'be';
  const mask = test.mask ? BigInt.asUintN(bits, BigInt(`0x${test.mask}`)) : null;
  const target = BigInt.asUintN(bits, BigInt(test.value));
  const op = test.op;
  if (op === 'x') return ALWAYS;
  if (!'=!&^<>'.includes(op)) return null;
  return ({ bytes }) => {
    if (offset + size > bytes.length) return false;
    let v = 0n;
    for (let i = 0; i < size; i++) v = (v << 8n) | BigInt(bytes[little ? offset + size - 1 - i : offset + i]);
    if (mask !== null) v &= mask;
    switch (op) {
      case '=': return v === target;
      case '!': return v !== target;
      case '&': return (v & target) === target;
      case '^': return (v & target) !== target;
      case '<': return v < target || BigInt.asIntN(bits, v) < BigInt.asIntN(bits, target);
      default: return v > target || BigInt.asIntN(bits, v) > BigInt.asIntN(bits, target);
    }
  };
}

export function compileTest(test: GeneratedTest): Predicate {
  if (test.offset === null) return ALWAYS;
  const numeric = numericTest(test, test.offset);
  if (numeric) return numeric;
  if (!['string', 'search', 'regex'].includes(test.type)) return ALWAYS;
  const { range, lines, letters } = rangeOf(test.flags);
  const flagged = { ...test, flags: letters };
  const positive = test.type === 'regex' ? regexTest(flagged, test.offset, range, lines) : literalTest(flagged, test.offset, range);
  if (test.op === '=') return positive;
  // A negated test is exact only where the positive one is: ASCII text and no loose flags.
  if (test.op === '!') return letters.replace(/[lt]/g, '') === '' ? (input) => !input.ascii || !positive(input) : ALWAYS;
  return ALWAYS;
}

function compileRule(rule: GeneratedRule): TextRule {
  return {
    source: rule.source,
    matches: compileTest(rule),
    prints: rule.prints,
    javascript: rule.javascript === true,
    then: rule.then ? rule.then.map(compileContinuation) : null,
  };
}

let compiled: TextRule[] | undefined;

export function textRules(): TextRule[] {
  compiled ??= (generated.rules as GeneratedRule[]).map(compileRule);
  return compiled;
}

let binary: Predicate | undefined;

/**
 * One predicate for the binary pass's rules that can match text (generated.binary, about 1,500
 * literals at fixed offsets): true when any of them could. The exact literals are looked up by
 * offset and first byte, so a file costs a few compares, not one per rule.
 */
export function binaryRulesMatch(input: RuleInput): boolean {
  binary ??= compileBinary(generated.binary as GeneratedRule[]);
  return binary(input);
}

function compileBinary(rules: GeneratedRule[]): Predicate {
  const byOffset = new Map<number, Map<number, { literal: Buffer; rule: TextRule }[]>>();
  const others: TextRule[] = [];
  for (const generatedRule of rules) {
    const rule = compileRule(generatedRule);
    if (generatedRule.type !== 'string' || generatedRule.flags !== '' || generatedRule.offset === null) {
      others.push(rule);
      continue;
    }
    for (const value of unescapeVariants(generatedRule.value)) {
      const literal = Buffer.from(value, 'latin1');
      let byFirst = byOffset.get(generatedRule.offset);
      if (!byFirst) byOffset.set(generatedRule.offset, (byFirst = new Map()));
      const list = byFirst.get(literal[0]) ?? [];
      list.push({ literal, rule });
      byFirst.set(literal[0], list);
    }
  }
  const groups = [...byOffset];
  return (input) => {
    const { bytes } = input;
    for (const [offset, byFirst] of groups) {
      const candidates = byFirst.get(bytes[offset]);
      if (candidates?.some(({ literal, rule }) => startsAt(bytes, literal, offset) && mayDescribe(rule, input, true))) return true;
    }
    return others.some((rule) => mayDescribe(rule, input, rule.matches(input)));
  };
}

/** Whether a rule whose top-level test gave `matched` could describe the input. */
export function mayDescribe(rule: TextRule, input: RuleInput, matched: boolean): boolean {
  if (!matched) return false;
  if (rule.prints) return true;
  return rule.then === null || rule.then.some((node) => mayPrint(node, input));
}

function startsAt(bytes: Buffer, literal: Buffer, offset: number): boolean {
  if (offset + literal.length > bytes.length) return false;
  for (let i = 1; i < literal.length; i++) if (bytes[offset + i] !== literal[i]) return false;
  return true;
}
