import { looksBinary } from './binary';

/** One line of text with its 1-based line number, as every text detector receives it. */
export interface NumberedLine {
  line: number;
  text: string;
}

const MIN_STRING = 4;

/** UTF-8 when valid, otherwise Latin-1: legacy source files are mostly one or the other. */
export function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return buf.toString('latin1');
  }
}

const isPrintable = (b: number): boolean => (b >= 32 && b < 127) || b === 9 || b === 10 || b === 13;
const JUNK_CHARS = /[\s!-/:-@[-`{-~]/g;

/**
 * Whether an extracted string is worth a line (ScanCode's clean_string): at least four
 * characters once punctuation and spaces are removed, more than one distinct character, and
 * not only digits.
 */
function isCleanString(s: string): boolean {
  const letters = s.replace(JUNK_CHARS, '');
  return letters.length >= MIN_STRING && new Set(letters.toLowerCase()).size > 1 && !/^\d+$/.test(letters);
}

/**
 * The strings of binary content as ScanCode extracts them (like GNU strings): runs of at least
 * four printable ASCII characters, or of UTF-16LE ASCII characters (Windows resources), each
 * cut at line breaks, trimmed and kept when it has some letters. Every string is its own line,
 * so unrelated strings never run together.
 */
export function binaryStrings(buf: Buffer): NumberedLine[] {
  const lines: NumberedLine[] = [];
  const push = (text: string) => {
    for (const part of text.split(/[\r\n]+/)) {
      const t = part.trim();
      if (t.length >= MIN_STRING && isCleanString(t)) lines.push({ line: lines.length + 1, text: t });
    }
  };
  let i = 0;
  while (i < buf.length) {
    if (!isPrintable(buf[i])) {
      i++;
      continue;
    }
    let end = i;
    while (end < buf.length && isPrintable(buf[end])) end++;
    if (end - i >= MIN_STRING) {
      push(buf.toString('latin1', i, end));
      i = end;
      continue;
    }
    // A wide string: printable bytes each followed by a zero byte.
    let w = i;
    while (w + 1 < buf.length && isPrintable(buf[w]) && buf[w + 1] === 0) w += 2;
    if ((w - i) / 2 >= MIN_STRING) {
      push(buf.toString('utf16le', i, w));
      i = w;
    } else i++;
  }
  return lines;
}

/**
 * The numbered lines a detector scans: text files split on any line ending, binary files
 * reduced to their printable strings (ScanCode reads binaries the same way).
 */
export function textLines(buf: Buffer): NumberedLine[] {
  if (looksBinary(buf)) return binaryStrings(buf);
  const text = decodeText(buf);
  const parts = text.split(/\r\n|\r|\n/);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((t, i) => ({ line: i + 1, text: t }));
}
