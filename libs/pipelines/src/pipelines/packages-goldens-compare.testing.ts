import { recordDifferences, type Difference, type Json, type JsonObject } from '@sca/testing';

/**
 * How the packages goldens are compared: the records of a results document (or of a toolkit
 * scan) matched by identity, field by field. Records that share an identity (ScanCode.io writes
 * some twice) are told apart by their rank: `<identity> #2`.
 */
const list = (doc: JsonObject, section: string) => (doc[section] ?? []) as JsonObject[];

function rankedIds(records: JsonObject[], key: (r: JsonObject) => string, ids: WeakMap<JsonObject, string>): void {
  const seen = new Map<string, number>();
  for (const r of records) {
    const k = key(r);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    ids.set(r, n === 1 ? k : `${k} #${n}`);
  }
}

function rankedDifferences(section: string, golden: JsonObject[], ours: JsonObject[], key: (r: JsonObject) => string): Difference[] {
  const ids = new WeakMap<JsonObject, string>();
  rankedIds(golden, key, ids);
  rankedIds(ours, key, ids);
  return recordDifferences(section, golden, ours, (r) => ids.get(r) ?? key(r));
}

export const packageKey = (p: JsonObject): string => `${String(p.purl)} ${((p.datafile_paths as Json[] | undefined) ?? []).join(',')}`.trim();
export const dependencyKey = (d: JsonObject): string => `${String(d.purl)} for ${String(d.for_package_uid || '-')} in ${String(d.datafile_path)}`;

/** Differences of the packages, dependencies and files of two normalized documents. */
export function sectionsDifferences(golden: JsonObject, ours: JsonObject): Difference[] {
  return [
    ...rankedDifferences('packages', list(golden, 'packages'), list(ours, 'packages'), packageKey),
    ...rankedDifferences('dependencies', list(golden, 'dependencies'), list(ours, 'dependencies'), dependencyKey),
    ...rankedDifferences('files', list(golden, 'files'), list(ours, 'files'), (f) => String(f.path)),
  ];
}

/** `doc` with every string that starts with `from` starting with `to` instead (a golden of another codebase root). */
export function reRooted<T extends Json>(doc: T, from: string, to: string): T {
  const walk = (v: Json): Json => {
    if (typeof v === 'string') return v.startsWith(from) ? `${to}${v.slice(from.length)}` : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(doc) as T;
}

/**
 * A value as both formats can be compared: null, '' and {} (empty qualifiers) are one empty
 * value (the toolkit writes null where a ScanCode.io record has ''), and objects have their keys
 * sorted (the toolkit writes its own key order, a record its jsonb order).
 */
function canonical(v: Json): Json {
  if (v === null || v === '' || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0)) return '';
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

/**
 * Toolkit records (`packages` or `dependencies` of a toolkit scan) and our records of that kind,
 * both reduced to the fields the two formats carry, in canonical form: what they have in common,
 * to be compared.
 */
export function commonFields(toolkit: JsonObject[], ours: JsonObject[]): [JsonObject[], JsonObject[]] {
  const fields = Object.keys(ours[0] ?? {}).filter((k) => toolkit.every((t) => k in t));
  const project = (r: JsonObject) => Object.fromEntries(fields.map((k) => [k, canonical(r[k])])) as JsonObject;
  return [toolkit.map(project), ours.map(project)];
}
