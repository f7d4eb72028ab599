/**
 * The XLSX cell rules of ScanCode.io's results workbook (reference §8, `_adapt_value_for_xlsx`):
 *
 * - every value is written as a string; falsy values (`null`, `false`, `0`, `''`, `[]`, `{}`)
 *   leave the cell empty;
 * - `description` keeps its first 5 lines (Python `splitlines` semantics);
 * - `copyrights|holders|authors|emails|urls` keep the inner `copyright|holder|author|email|url`;
 * - lists drop falsy items, are de-duplicated (first occurrence kept) and newline-joined, each
 *   item rendered as Python `str()` would (objects in their dict form);
 * - objects become YAML (saneyaml-like: key order kept, `null` empty, booleans `yes`/`no`);
 * - scalars follow Python `str()` (`True`, floats of float columns as `1.0`);
 * - CRLF becomes LF;
 * - values longer than 32767 characters (Unicode code points, as Python counts) are cut and
 *   reported with ScanCode.io's message.
 */
import { stringify } from 'yaml';
import { isPythonFalsy, pythonNumber, pythonStr } from './python-str';

export const XLSX_MAX_CELL_LENGTH = 32767;
export const DESCRIPTION_MAX_LINES = 5;

/** List-of-dict scan fields and the key whose value is shown. */
export const INNER_VALUE_KEYS: Readonly<Record<string, string>> = {
  copyrights: 'copyright',
  holders: 'holder',
  authors: 'author',
  emails: 'email',
  urls: 'url',
};

/** Columns stored as floats by ScanCode.io, rendered by Python as `100.0`. */
export const FLOAT_FIELDS: ReadonlySet<string> = new Set(['percentage_of_license_text']);

export interface XlsxCell {
  /** The cell text; `''` leaves the cell empty. */
  value: string;
  /** The truncation message, or null. */
  error: string | null;
}

/** Python `str.splitlines()` (without keepends). */
export function pythonSplitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python `str()` for a scalar, knowing whether the column is a float column. */
function scalarText(field: string, value: unknown): string {
  if (typeof value === 'number') return pythonNumber(value, FLOAT_FIELDS.has(field));
  return pythonStr(value);
}

/** Saneyaml-like YAML for an object value: every scalar a plain string (failsafe schema). */
export function toSaneYaml(value: Record<string, unknown>): string {
  return stringify(saneScalars(value), { schema: 'failsafe', indentSeq: true, lineWidth: 90, minContentWidth: 0, aliasDuplicateObjects: false });
}

function saneScalars(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(saneScalars);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, saneScalars(item)]));
  }
  return value;
}

function uniqueLines(items: readonly unknown[]): string {
  const seen = new Set<string>();
  for (const item of items) {
    if (isPythonFalsy(item)) continue;
    seen.add(pythonStr(item));
  }
  return [...seen].join('\n');
}

/** Cuts `text` to `max` code points; returns null when it already fits. */
function truncateCodePoints(text: string, max: number): { text: string; length: number } | null {
  if (text.length <= max) return null; // UTF-16 length bounds the code point count
  const codePoints = Array.from(text);
  if (codePoints.length <= max) return null;
  return { text: codePoints.slice(0, max).join(''), length: codePoints.length };
}

/** Adapts one field value to its XLSX cell text (see the module comment for the rules). */
export function adaptValueForXlsx(field: string, raw: unknown, maxLength = XLSX_MAX_CELL_LENGTH): XlsxCell {
  if (isPythonFalsy(raw)) return { value: '', error: null };
  let value: unknown = raw;

  if (field === 'description' && typeof value === 'string') {
    value = pythonSplitLines(value).slice(0, DESCRIPTION_MAX_LINES).join('\n');
  }
  const innerKey = INNER_VALUE_KEYS[field];
  if (innerKey !== undefined && Array.isArray(value)) {
    value = value.map((entry: unknown) => (entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>)[innerKey] : entry));
  }

  let text: string;
  if (Array.isArray(value)) text = uniqueLines(value);
  else if (value !== null && typeof value === 'object' && !(value instanceof Date)) text = toSaneYaml(value as Record<string, unknown>);
  else text = scalarText(field, value);

  text = text.replaceAll('\r\n', '\n');

  const cut = truncateCodePoints(text, maxLength);
  if (cut === null) return { value: text, error: null };
  return { value: cut.text, error: truncationMessage(field, cut.length, maxLength) };
}

export function truncationMessage(field: string, length: number, maxLength = XLSX_MAX_CELL_LENGTH): string {
  return `The value of: ${field} has been truncated from: ${length} to ${maxLength} length to fit in an XLSX cell maximum length`;
}
