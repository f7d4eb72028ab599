import type { NumberedLine } from '../text';
import { isGibberish } from './gibberish';
import { prepareTextLine } from './prepare-line';
import { stripChars } from './strip';

/**
 * Candidate lines: ScanCode only parses lines that hint at a statement (a year, a copyright
 * sign or word, "reserved", "auth", "devel", "by "...) and the lines right after them, in
 * groups that end at an empty line, at "All rights reserved" or after two lines without a
 * hint. Everything else in a file is never tokenized, which keeps large files cheap.
 */

const FIRST_YEAR = 1960;
const LAST_YEAR = new Date().getFullYear() - 1;
const YEAR = /[(.,\-)\s](19[6-9]\d|20\d\d)(?=[(.,\-)\s]|$)/g;

/** A year from 1960 to last year, with a separator or the line's end on each side. */
function hasYear(text: string): boolean {
  YEAR.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = YEAR.exec(text)) !== null) {
    const year = Number(m[1]);
    if (year >= FIRST_YEAR && year <= LAST_YEAR) return true;
    YEAR.lastIndex = m.index + 1;
  }
  return false;
}
const MARKERS = ['©', '(c)', '&#169', '&#xa9', '169', 'xa9', 'u00a9', '00a9', '\u00a9', 'copyr', 'copyl', 'copr', 'right', 'reserv', 'auth', 'devel', '<s>', '</s>', '<s/>', 'by '];
const ONLY_DIGITS_AND_PUNCT = /^[^A-Za-z]+$/;
const NON_CHARS = /[^a-z0-9]/g;
const HAS_CHARS = /[a-z0-9]/i;
const TRAILING_YEAR = /(?:19\d\d|20[0-4]\d)+$/;
const INSIDE_ENDINGS = ['copyright', 'copyrights', 'and', 'by', ','];
// What a raw line must contain to possibly be a candidate or end a statement once prepared
// (preparing only removes or respells characters): most lines of a file fail this cheap test
// and are never prepared.
export const MAY_BE_CANDIDATE = /cop[ry]|right|reserv|auth|devel|by[\s*#%"[\]{}`|\\]|\(\s*c\s*\)|\u00a9|169|[x0\\<]a9|s>|http|19[6-9]\d|20[0-4]\d/i;

/** Whether a prepared line may hold (part of) a statement. */
export function isCandidate(prepared: string): boolean {
  if (!prepared || ONLY_DIGITS_AND_PUNCT.test(prepared)) return false;
  if (!hasYear(prepared)) {
    const lower = prepared.toLowerCase();
    if (!MARKERS.some((m) => lower.includes(m))) return false;
  }
  return !isGibberish(prepared);
}

export interface CandidateLine {
  line: number;
  prepared: string;
}

// One compiled regex for every file (V8 compiles a regex to machine code after its first uses).
const HINTS = new RegExp(MAY_BE_CANDIDATE.source, 'gi');
const LONG_LINE = 300;
const BREAK_AT = 200;
const CHUNK_PIECES = 30;

/** Whether a text has lines long enough to be read in pieces (minified code, JSON, data). */
export function hasLongLines(lines: NumberedLine[]): boolean {
  return lines.some((l) => l.text.length > LONG_LINE);
}

/** A line over 200 characters cut at quotes and commas into pieces of 30 parts, as ScanCode reads it. */
function* pieces(text: string): Generator<string> {
  const parts = text.split(/([",'])/);
  for (let i = 0; i < parts.length; i += CHUNK_PIECES) {
    const chunk = parts.slice(i, i + CHUNK_PIECES).join('');
    if (chunk) yield chunk;
  }
}

/** Offsets of each line in the text made of the lines joined with "\n". */
export function lineStarts(lines: NumberedLine[]): number[] {
  const starts = new Array<number>(lines.length);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    starts[i] = offset;
    offset += lines[i].text.length + 1;
  }
  return starts;
}

/**
 * Marks the lines where a global regex matches, in one pass over the whole text: much cheaper
 * than a test per line.
 */
export function markLines(text: string, starts: number[], re: RegExp): Uint8Array {
  const marked = new Uint8Array(starts.length);
  re.lastIndex = 0;
  let line = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    while (line + 1 < starts.length && starts[line + 1] <= m.index) line++;
    marked[line] = 1;
    if (line + 1 >= starts.length) break;
    re.lastIndex = Math.max(re.lastIndex, starts[line + 1]);
  }
  return marked;
}

/** Lines with a hint: only they can be candidates or end a statement. */
export const hintedLines = (text: string, starts: number[]): Uint8Array => markLines(text, starts, HINTS);

/**
 * Runs of lines that are parsed independently: three lines in a row without a hint always end
 * a group and leave the selection in its initial state (see `candidateGroups`), so the lines
 * after them can be read on their own. Returns [start, end) index pairs.
 */
export function independentRuns(hinted: Uint8Array): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  let quiet = 0;
  for (let i = 0; i < hinted.length; i++) {
    if (hinted[i]) {
      if (start < 0) start = i;
      quiet = 0;
    } else if (start >= 0 && ++quiet === 3) {
      runs.push([start, i + 1]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, hinted.length]);
  return runs;
}

/**
 * Groups of prepared candidate lines of `lines[from, to)`, each parsed on its own. `hinted`
 * marks the lines that may be candidates. With `breakLong`, lines over 200 characters are read
 * in pieces, each piece a line of the same number.
 */
export function* candidateGroups(lines: NumberedLine[], hinted: Uint8Array, breakLong = false, from = 0, to = lines.length): Generator<CandidateLine[]> {
  let group: CandidateLine[] = [];
  let state = 0;
  let previousText = '';
  function* take(line: number, text: string): Generator<CandidateLine[]> {
    if (state === 0 && !MAY_BE_CANDIDATE.test(text)) {
      if (group.length > 0) {
        yield group;
        group = [];
        previousText = '';
      }
      return;
    }
    const prepared = prepareTextLine(text);
    const lower = text.toLowerCase();
    if (lower.includes('reserved') && /rights?reserved$/.test(lower.replace(NON_CHARS, ''))) {
      group.push({ line, prepared });
      yield group;
      group = [];
      state = 0;
      previousText = '';
    } else if (isCandidate(prepared) || lower.includes('http') || text.includes('s>')) {
      state = 2;
      group.push({ line, prepared });
      previousText = lower;
    } else if (state > 0) {
      // An empty line ends a statement unless the previous line visibly continues.
      const previousChars = previousText.replace(NON_CHARS, '');
      if (!HAS_CHARS.test(text) && !INSIDE_ENDINGS.some((e) => previousChars.endsWith(e)) && !TRAILING_YEAR.test(previousChars)) {
        yield group;
        group = [];
        state = 0;
        previousText = '';
      } else {
        group.push({ line, prepared });
        state--;
      }
    } else if (group.length > 0) {
      yield group;
      group = [];
      state = 0;
      previousText = '';
    }
  }
  for (let i = from; i < to; i++) {
    const { line, text } = lines[i];
    if (state === 0 && !hinted[i]) {
      if (group.length > 0) {
        yield group;
        group = [];
        previousText = '';
      }
      continue;
    }
    if (breakLong && text.length > BREAK_AT) for (const piece of pieces(text)) yield* take(line, piece);
    else yield* take(line, text);
  }
  if (group.length > 0) yield group;
}

const SPLITTER = /[\t =;]+/;
const PUNCTUATION_CHARS = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;
const AUTHOR_COLON = /\b(authors?|@authors?)(:)(?=\S)/gi;


export interface RawToken {
  value: string;
  line: number;
}

/**
 * The tokens of a candidate group: words split on spaces, tabs, "=" and ";", with quotes and
 * trailing colons trimmed. An empty line becomes a "\n" token unless the line before it
 * visibly continues ("Copyright", "by", a year).
 */
export function groupTokens(group: CandidateLine[]): RawToken[] {
  const out: RawToken[] = [];
  let last = '';
  for (const { line, prepared } of group) {
    if (!prepared.trim()) {
      const stripped = stripChars(last.toLowerCase(), PUNCTUATION_CHARS);
      if (stripped.startsWith('copyright') || /(?:by|copyright|\d)$/.test(stripped)) continue;
      out.push({ value: '\n', line });
      last = '';
      continue;
    }
    last = prepared;
    const text = prepared.replace(AUTHOR_COLON, '$1$2 ');
    for (let tok of text.split(SPLITTER)) {
      if (tok.endsWith("',")) tok = stripChars(tok, "',", false, true);
      tok = stripChars(tok, "' ");
      tok = stripChars(tok, ':', false, true).trim();
      if (tok && tok !== ':' && tok !== '.' && tok !== ':.') out.push({ value: tok, line });
    }
  }
  return out;
}
