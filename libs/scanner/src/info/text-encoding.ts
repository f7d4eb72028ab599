/**
 * The part of libmagic's plain-text description that comes from the encoding test and the
 * line scan (its encoding.c and ascmagic.c): `ASCII text` or `Unicode text, UTF-8 text`, then
 * `, with very long lines (N)`, the line terminators when they are not all LF, escape
 * sequences and overstriking. Only the two encodings this scanner describes without libmagic
 * are recognised; anything else (Latin-1, UTF-16, a BOM, control bytes) gives null.
 */
export type TextEncoding = 'ascii' | 'utf8';

/** libmagic looks at this much of a file for its encoding and lines (MAGIC_PARAM_ENCODING_MAX). */
export const ENCODING_WINDOW = 65536;
/** Lines longer than this are "very long" (ascmagic's MAXLINELEN). */
const MAX_LINE_LENGTH = 300;

/** Bytes libmagic counts as ASCII text: BEL, BS, TAB, LF, FF, CR, ESC and the printable range. */
const ASCII_TEXT = new Uint8Array(256);
for (const c of [7, 8, 9, 10, 12, 13, 27]) ASCII_TEXT[c] = 1;
for (let c = 0x20; c < 0x7f; c++) ASCII_TEXT[c] = 1;

/**
 * The encoding of the first ENCODING_WINDOW bytes, or null for anything but ASCII text or
 * UTF-8 text without a BOM. A multi-byte sequence cut by the window's end is not an error.
 */
export function textEncoding(bytes: Uint8Array): TextEncoding | null {
  const n = Math.min(bytes.length, ENCODING_WINDOW);
  let ascii = true;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c >= 0x80) ascii = false;
    else if (ASCII_TEXT[c] === 0) return null;
  }
  if (ascii) return 'ascii';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return null;
  return validUtf8(bytes, n) ? 'utf8' : null;
}

/** Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) over `n` bytes. */
function validUtf8(bytes: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; ) {
    const c = bytes[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const extra = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (extra < 0) return false;
    if (i + extra >= n && n < bytes.length) return true;
    for (let j = 1; j <= extra; j++) if (i + j >= n || (bytes[i + j] & 0xc0) !== 0x80) return false;
    const second = bytes[i + 1];
    if ((c === 0xe0 && second < 0xa0) || (c === 0xed && second > 0x9f) || (c === 0xf0 && second < 0x90) || (c === 0xf4 && second > 0x8f)) return false;
    i += extra + 1;
  }
  return true;
}

/** The encoding window as text (a sequence cut at the window's end is dropped). */
export function windowText(bytes: Uint8Array, encoding: TextEncoding): string {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, ENCODING_WINDOW));
  if (encoding === 'ascii') return window.toString('latin1');
  let end = window.length;
  if (end < bytes.length) {
    let lead = end - 1;
    while (lead > 0 && end - lead < 4 && (window[lead] & 0xc0) === 0x80) lead--;
    const need = window[lead] >= 0xf0 ? 4 : window[lead] >= 0xe0 ? 3 : window[lead] >= 0xc0 ? 2 : 1;
    if (lead + need > end) end = lead;
  }
  return window.subarray(0, end).toString('utf8');
}

/** What libmagic's line scan reports of a text: its terminators, longest line and special characters. */
interface LineScan {
  crlf: number;
  lf: number;
  cr: number;
  nel: number;
  longest: number;
  escapes: boolean;
  backspaces: boolean;
}

/** Characters that make a line scan more than counting LFs (CR, NEL, ESC, BS) and low surrogates (a pair is one character). */
const SPECIAL_LINE_CHARACTERS = /[\r\x85\x1b\x08\udc00-\udfff]/;

/**
 * The line scan of most texts, which have none of SPECIAL_LINE_CHARACTERS: their lines are the
 * runs between LFs, found by the engine's own search instead of a loop over every character (a
 * third of describing a source file as text went there).
 */
function plainLineScan(text: string): LineScan | null {
  if (SPECIAL_LINE_CHARACTERS.test(text)) return null;
  let lf = 0;
  let longest = 0;
  let start = 0;
  for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
    if (end - start > longest) longest = end - start;
    lf++;
    start = end + 1;
  }
  if (text.length - start > longest) longest = text.length - start;
  return { crlf: 0, lf, cr: 0, nel: 0, longest, escapes: false, backspaces: false };
}

/** `ASCII text, with very long lines (412), with CRLF line terminators` and the like. */
export function plainTextDescription(text: string, encoding: TextEncoding): string {
  const { crlf, lf, cr, nel, longest, escapes, backspaces } = plainLineScan(text) ?? lineScan(text);
  let out = encoding === 'ascii' ? 'ASCII text' : 'Unicode text, UTF-8 text';
  if (longest > MAX_LINE_LENGTH) out += `, with very long lines (${longest})`;
  if (crlf + cr + nel > 0 || lf === 0) {
    const kinds = [crlf && 'CRLF', cr && 'CR', lf && 'LF', nel && 'NEL'].filter(Boolean);
    out += `, with ${kinds.length > 0 ? kinds.join(', ') : 'no'} line terminators`;
  }
  if (escapes) out += ', with escape sequences';
  if (backspaces) out += ', with overstriking';
  return out;
}

/** The line scan character by character, as ascmagic.c makes it. */
function lineScan(text: string): LineScan {
  let crlf = 0;
  let lf = 0;
  let cr = 0;
  let nel = 0;
  let seenCr = false;
  let line = 0;
  let longest = 0;
  let escapes = false;
  let backspaces = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one character: its second half neither ends nor lengthens the line.
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (c === 10) {
      if (seenCr) crlf++;
      else lf++;
      seenCr = false;
      line = 0;
      continue;
    }
    if (seenCr) cr++;
    seenCr = c === 13;
    if (seenCr || c === 0x85) {
      if (c === 0x85) nel++;
      line = 0;
      continue;
    }
    line++;
    if (line > longest) longest = line;
    if (c === 27) escapes = true;
    else if (c === 8) backspaces = true;
  }
  if (seenCr) cr++;
  return { crlf, lf, cr, nel, longest, escapes, backspaces };
}
