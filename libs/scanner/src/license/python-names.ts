/**
 * ScanCode names its detections and synthetic rules by digests of Python values: the SHA-1 of
 * `repr()` of a tuple, or of two `repr()`s of strings put together. Reproducing those names means
 * writing the same characters Python's `repr` writes, for the few value kinds involved (strings,
 * floats, tuples of them). No library writes Python reprs, so this is done here, kept to those kinds.
 */
import { createHash } from 'node:crypto';

/** Python's repr of a str: single quotes unless the text has one and no double quote. */
export function pyReprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) out += escapeChar(ch, quote);
  return out + quote;
}

function escapeChar(ch: string, quote: string): string {
  if (ch === '\\') return '\\\\';
  if (ch === quote) return `\\${ch}`;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code >= 0x80 && !isPrintable(ch)) {
    if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
    if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
    return `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return ch;
}

/** Python's str.isprintable for one non-ASCII character (separators and other control characters are not). */
function isPrintable(ch: string): boolean {
  return !/[\p{C}\p{Z}]/u.test(ch);
}

/** Python's repr of a float (ScanCode's scores are floats: 100 is written 100.0). */
export function pyReprFloat(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return `${x}.0`;
  return String(x);
}

export type PyValue = string | number | null | PyValue[];

/**
 * Python's repr of a JSON-like value (str, number, bool, None, list, dict), for a statement
 * ScanCode turns into text with repr() before matching it.
 */
export function pyReprValue(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'string') return pyReprString(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : pyReprFloat(v);
  if (Array.isArray(v)) return `[${v.map(pyReprValue).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>).map(([k, x]) => `${pyReprString(k)}: ${pyReprValue(x)}`).join(', ')}}`;
}

/** Python's repr of a tuple of strings, floats, None and tuples (arrays stand for tuples). */
export function pyReprTuple(items: PyValue[]): string {
  const parts = items.map((v) => (v === null ? 'None' : typeof v === 'string' ? pyReprString(v) : typeof v === 'number' ? pyReprFloat(v) : pyReprTuple(v)));
  return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(', ')})`;
}

/**
 * commoncode's python_safe_name: lowercased, whitespace runs made one underscore, then every
 * character that is not a letter, digit or underscore made an underscore, and underscores trimmed
 * from both ends ("isc AND (bsd-new OR mit)" gives "isc_and__bsd_new_or_mit").
 */
export function pythonSafeName(s: string): string {
  const joined = s.toLowerCase().trim().split(/\s+/).join('_');
  return joined.replace(/[^a-z0-9_]/g, '_').replace(/^_+|_+$/g, '');
}

export function sha1Hex(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

/** A hex digest shaped as a uuid (its first 32 digits), as Python's uuid.UUID(hex=...) writes it. */
export function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A synthetic rule's identifier, as ScanCode names the rules it makes at matching time (an SPDX
 * identifier, an undetected statement): a prefix, and the SHA-1 of the expression's and the
 * text's reprs put together. An unknown-license rule is named before it has an expression (None).
 */
export function syntheticRuleIdentifier(prefix: string, expression: string | null, text: string): string {
  return `${prefix}-${sha1Hex((expression === null ? 'None' : pyReprString(expression)) + pyReprString(text))}`;
}

/** One match as a detection identifier counts it: its rule, its score and the words of its matched text. */
export interface IdentifiedMatch {
  ruleIdentifier: string;
  score: number;
  words: string[];
}

/**
 * A detection's identifier as ScanCode writes it: the expression's python_safe_name, then a uuid
 * made of the SHA-1 of repr() of the tuple of (rule identifier, score, matched words) per match.
 */
export function detectionIdentifier(expression: string, matches: IdentifiedMatch[]): string {
  const content = matches.map((m): PyValue[] => [m.ruleIdentifier, m.score, m.words]);
  return `${pythonSafeName(expression)}-${uuidFromHex(sha1Hex(pyReprTuple(content)))}`;
}
