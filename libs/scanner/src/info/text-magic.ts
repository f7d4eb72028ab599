import { plainTextDescription, textEncoding, windowText, ENCODING_WINDOW } from './text-encoding';
import { binaryRulesMatch, mayDescribe, REGEX_BYTES, textRules, topMatches, type RuleInput } from './text-magic-rules';
import type { MagicResult } from './magic-detector';

/**
 * libmagic's answer for the two kinds of file that make up most of a source tree, plain text
 * and JavaScript, without running libmagic (whose ~400 text rules cost about a millisecond per
 * file in WebAssembly, more than all other file info together).
 *
 * It follows what libmagic does with a text file: the binary-pass rules whose values can occur in
 * text, the JSON and CSV checks, its text rules in their order (text-magic-rules.ts), then the
 * plain-text description of the first 64 KiB. It answers only when it can
 * tell that libmagic would give the same answer: ASCII or UTF-8 text where the first rule that
 * could match is one of libmagic's JavaScript rules, or where none could. Anything else (another
 * format's rule that might match, another encoding, a JSON or CSV candidate) returns null and
 * the caller asks libmagic.
 */
export function describeText(sample: Uint8Array): MagicResult | null {
  if (sample.length < 2) return null;
  const encoding = textEncoding(sample);
  if (encoding === null || mayBeJsonOrCsv(sample)) return null;
  const text = windowText(sample, encoding);
  const bytes = Buffer.from(sample.buffer, sample.byteOffset, Math.min(sample.length, ENCODING_WINDOW));
  const input: RuleInput = {
    bytes,
    text,
    regexText: encoding === 'ascii' ? text.slice(0, REGEX_BYTES) : bytes.subarray(0, REGEX_BYTES).toString('utf8'),
    ascii: encoding === 'ascii',
  };
  // The binary pass reads the whole sample (a few rules look past 64 KiB, at ISO 9660's 32 KiB and beyond).
  if (binaryRulesMatch({ ...input, bytes: Buffer.from(sample.buffer, sample.byteOffset, sample.length) })) return null;
  const javascript = firstRule(input);
  if (javascript === null) return null;
  const plain = plainTextDescription(text, encoding);
  return javascript ? { file_type: `JavaScript source, ${plain}`, mime_type: 'text/javascript' } : { file_type: plain, mime_type: 'text/plain' };
}

/** True when a JavaScript rule is the first to match, false when no rule can, null when another rule might. */
function firstRule(input: RuleInput): boolean | null {
  for (const rule of textRules()) {
    if (rule.javascript) {
      if (topMatches(rule, input)) return true;
    } else if (mayDescribe(rule, input)) return null;
  }
  return false;
}

/**
 * libmagic tries JSON and CSV before its text rules: a file whose first non-blank character opens
 * an object or array, or whose first lines hold the same number of commas (libmagic's CSV test
 * needs more than one; one is already enough to send the file to libmagic), is left to it.
 */
function mayBeJsonOrCsv(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13)) i++;
  if (bytes[i] === 0x7b || bytes[i] === 0x5b) return true;
  return sameCommasPerLine(bytes.subarray(0, ENCODING_WINDOW));
}

/** libmagic's CSV test (is_csv.c: quoted fields, the first ten lines), with one field separator enough. */
function sameCommasPerLine(bytes: Uint8Array): boolean {
  let fields = 0;
  let expected = 0;
  let lines = 0;
  for (let i = 0; i < bytes.length; ) {
    const c = bytes[i++];
    if (c === 0x22) i = afterQuoted(bytes, i);
    else if (c === 0x2c) fields++;
    else if (c === 0x0a) {
      if (++lines === 10) return expected >= 1 && expected === fields;
      if (expected === 0) {
        if (fields === 0) return false;
        expected = fields;
      } else if (expected !== fields) return false;
      fields = 0;
    }
  }
  return expected >= 1 && lines >= 2;
}

/** Index after a quoted field that opened just before `i` (a doubled quote is an escaped one). */
function afterQuoted(bytes: Uint8Array, i: number): number {
  let quote = false;
  while (i < bytes.length) {
    if (bytes[i++] !== 0x22) {
      if (quote) return i - 1;
      continue;
    }
    quote = !quote;
  }
  return i;
}
