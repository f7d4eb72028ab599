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

/** Printable ASCII runs of binary content, each reported as one "line" (like `strings`). */
export function binaryStrings(buf: Buffer): NumberedLine[] {
  const lines: NumberedLine[] = [];
  let start = -1;
  let n = 0;
  for (let i = 0; i <= buf.length; i++) {
    const b = i < buf.length ? buf[i] : 0;
    const printable = (b >= 32 && b < 127) || b === 9;
    if (printable) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= MIN_STRING) lines.push({ line: ++n, text: buf.toString('latin1', start, i) });
      start = -1;
    }
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
