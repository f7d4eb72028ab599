/** Narrowing helpers for untyped JSON/YAML/XML-derived document values. */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asObject(v: unknown): JsonObject {
  return isObject(v) ? v : {};
}

/** The array value, or [] (a lone object becomes a one-element list). */
export function asArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === undefined || v === null ? [] : [v];
}

export function objects(v: unknown): JsonObject[] {
  return asArray(v).filter(isObject);
}

/** A trimmed non-empty string (numbers are stringified), else null. */
export function str(v: unknown): string | null {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t ? t : null;
}

/** Like `str`, but also drops the SPDX placeholders NOASSERTION and NONE. */
export function spdxValue(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const upper = s.toUpperCase();
  return upper === 'NOASSERTION' || upper === 'NONE' ? null : s;
}

/** Picks the listed keys of a document, in document order, when present. */
export function pickHeaders(doc: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(doc)) if (fields.includes(k)) out[k] = v;
  return out;
}
