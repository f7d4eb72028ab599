/**
 * ScanCode.io's normalization of results before comparing them with a golden file
 * (scanpipe/tests/test_pipelines.py, PipelinesIntegrationTest.assertPipelineResultEqual).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** `exclude_from_diff`: dropped at every depth before comparing. */
export const EXCLUDE_FROM_DIFF = [
  'start_timestamp', 'end_timestamp', 'date', 'duration', 'input', 'compliance_alert', 'policy', 'tool_version', 'other_tools',
  'created_date', 'log', 'uuid', 'size', 'size_count', '--json-pp', '--processes', '--verbose', 'system_environment', 'file_type',
  'mime_type', 'is_script', 'notes', 'settings', 'description', 'traceback',
];
const FAKE_UUID = 'fixed-uid-done-for-testing-5642512d1758';
const UID_FIELDS = ['package_uid', 'dependency_uid', 'for_package_uid', 'resolved_to_package_uid'];

/** `purl_with_fake_uuid`: the `uuid` qualifier of a package or dependency uid gets a fixed value. */
const purlWithFakeUuid = (purl: string): string => purl.replace(/([?&])uuid=[^&#]*/, `$1uuid=${FAKE_UUID}`);

const FAKE_LOCAL_NAMESPACE = 'fixed-namespace-for-testing-5642512d1758';
const FAKE_LOCAL_NAME = 'fixed-name-for-testing-5642512d1758';
/**
 * A `local-files` package's purl and uid (its namespace is the project, its name a fresh uuid)
 * become one fixed value, as ScanCode.io's test writes them in its goldens.
 */
const localFilesPurl = (purl: string): string => (purl.startsWith('pkg:local-files/') ? `pkg:local-files/${FAKE_LOCAL_NAMESPACE}/${FAKE_LOCAL_NAME}?uuid=${FAKE_UUID}` : purl);

/** `_normalize_package_uids`, with the local-files packages of deploy-to-develop made fixed as well. */
function normalizePackageUids(data: Json): Json {
  if (Array.isArray(data)) return data.map(normalizePackageUids);
  if (data === null || typeof data !== 'object') return data;
  const out: JsonObject = {};
  const localFiles = data.type === 'local-files';
  for (const [key, raw] of Object.entries(data)) {
    let value = raw !== null && typeof raw === 'object' ? normalizePackageUids(raw) : typeof raw === 'string' ? localFilesPurl(raw) : raw;
    if (localFiles && key === 'namespace') value = FAKE_LOCAL_NAMESPACE;
    if (localFiles && key === 'name') value = FAKE_LOCAL_NAME;
    if (UID_FIELDS.includes(key) && typeof value === 'string' && value) value = purlWithFakeUuid(value);
    if (key === 'for_packages' && Array.isArray(value) && value.length) value = value.map((v) => purlWithFakeUuid(localFilesPurl(String(v)))).sort();
    out[key] = value;
  }
  return out;
}

/** `_without_keys`. */
function withoutKeys(data: Json, exclude: string[]): Json {
  if (Array.isArray(data)) return data.map((d) => withoutKeys(d, exclude));
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !exclude.includes(k)).map(([k, v]) => [k, withoutKeys(v, exclude)]));
}

/** Python's string ordering (code points), not the locale's. */
export const compareCodePoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The whole of `assertPipelineResultEqual` before `assertEqual`: uids, excluded keys,
 * `sort_for_os_compatibility`. Works on a results document or on a part of one (sections absent
 * from `doc` are left out).
 */
export function normalizeResults(doc: JsonObject, exclude: string[] = EXCLUDE_FROM_DIFF): JsonObject {
  const out = withoutKeys(normalizePackageUids(doc), exclude) as JsonObject;
  (out.files as JsonObject[] | undefined)?.sort((a, b) => compareCodePoints(String(a.path), String(b.path)));
  (out.relations as JsonObject[] | undefined)?.sort((a, b) => compareCodePoints(String(a.to_resource), String(b.to_resource)));
  return out;
}

/**
 * `_sort_dependencies` (the `sort_dependencies=True` of assertPipelineResultEqual): the
 * dependencies keyed by their `for_package_uid` ('' without one), the last of each key kept,
 * sorted by key. ScanCode.io applies it to the resolve_dependencies goldens of lockfiles, where
 * one requirement can resolve to one package several times; the golden files hold its result.
 * Apply after `normalizeResults` (the uids then carry the fixed uuid).
 */
export function sortDependencies(doc: JsonObject): JsonObject {
  const deps = doc.dependencies as JsonObject[] | undefined;
  if (!deps?.length) return doc;
  const byUid = new Map<string, JsonObject>();
  for (const d of deps) byUid.set(String(d.for_package_uid ?? ''), d);
  const dependencies = [...byUid.keys()].sort(compareCodePoints).map((k) => byUid.get(k) as JsonObject);
  return { ...doc, dependencies };
}
