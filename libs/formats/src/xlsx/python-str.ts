/**
 * Python's `str()` and `repr()` for JSON-like values. ScanCode.io builds its XLSX cells with
 * `str(value)`, so list items that are objects (package `parties`, `file_references`) show up
 * in their Python dict form (`{'type': 'person', 'email': None}`); these helpers reproduce it.
 */

/** `repr()` of a Python str: single quotes unless the text holds `'` and no `"`. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** Python `repr()` of a number; `asFloat` renders integral values as `1.0` (a FloatField). */
export function pythonNumber(value: number, asFloat = false): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (asFloat && Number.isInteger(value) && Math.abs(value) < 1e16) return `${value}.0`;
  return String(value);
}

/** Python `repr()` of a JSON-like value. */
export function pythonRepr(value: unknown): string {
  if (typeof value === 'string') return pythonStringRepr(value);
  return pythonFormat(value);
}

/** Python `str()` of a JSON-like value (strings unquoted, containers with repr'd items). */
export function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  return pythonFormat(value);
}

function pythonFormat(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  }
  return String(value);
}

/** Python truthiness: `None`, `False`, `0`, `''`, `[]` and `{}` are falsy. */
export function isPythonFalsy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return true;
  if (typeof value === 'number' && Number.isNaN(value)) return false;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value as object).length === 0;
  return false;
}
