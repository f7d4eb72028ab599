/**
 * Compares what `scan_codebase` stored for each file with what `codescan` reported for the
 * same tree: the fields a user reads from both (status, licenses, copyrights, holders, emails,
 * URLs) and the package set. Differences are returned as readable lines, never thrown, so that a
 * failing test lists every one of them.
 */

type Json = Record<string, any>;

/** The fields compared for every file, in the service's resource names. */
export const COMPARED_FIELDS = [
  'status', 'detected_license_expression', 'detected_license_expression_spdx', 'license_detections',
  'copyrights', 'holders', 'authors', 'emails', 'urls',
] as const;

/** The fields that following a reference changes. */
const LICENSE_FIELDS = new Set<string>(['detected_license_expression', 'detected_license_expression_spdx', 'license_detections']);

const DEFAULT_IGNORED = [/(^|\/)scancode-config\.yml$/, /(^|\/)policies\.yml$/, /\/__MACOSX/];

/**
 * The status `scan_codebase` gives a file the CLI scanned: empty files are flagged first,
 * datafiles become `application-package` in the package step (and are not scanned for
 * licenses), the rest are scanned, with an error when the scan reported one.
 */
function expectedStatus(file: Json): string {
  if (DEFAULT_IGNORED.some((p) => p.test(file.path))) return 'ignored-pattern';
  if (!file.size) return 'ignored-empty-file';
  if ((file.package_data ?? []).length > 0) return 'application-package';
  return (file.scan_errors ?? []).length > 0 ? 'scanned-with-error' : 'scanned';
}

/** A detection without the path of the file it came from (the CLI and the service root it differently). */
function detections(list: Json[] | undefined): Json[] {
  return (list ?? []).map((d) => ({ ...d, matches: (d.matches ?? []).map(({ from_file: _from, ...m }: Json) => m) }));
}

/**
 * A file whose "see LICENSE" codescan followed to another file, as the toolkit does after the
 * scan: scan_codebase, like ScanCode.io's, scans file by file and follows nothing.
 */
function followed(file: Json): boolean {
  return (file.license_detections ?? []).some((d: Json) => (d.detection_log ?? []).includes('unknown-reference-to-local-file'));
}

/** A file's own matches (not those a followed reference brought from another file), where and how they matched. */
function ownMatches(path: string, list: Json[] | undefined, fromFile: (m: Json) => string | null): string[] {
  return (list ?? []).flatMap((d) => d.matches ?? []).filter((m: Json) => fromFile(m) === path).map((m: Json) => `${m.rule_identifier} ${m.start_line}-${m.end_line} ${m.score}`);
}

/** What the service must hold for one file the CLI scanned. */
export function expectedResource(file: Json): Json {
  const status = expectedStatus(file);
  const scanned = status === 'scanned' || status === 'scanned-with-error';
  return {
    status,
    detected_license_expression: scanned ? file.detected_license_expression ?? '' : '',
    detected_license_expression_spdx: scanned ? file.detected_license_expression_spdx ?? '' : '',
    license_detections: scanned ? detections(file.license_detections) : [],
    copyrights: scanned ? file.copyrights : [],
    holders: scanned ? file.holders : [],
    authors: scanned ? file.authors : [],
    emails: scanned ? file.emails : [],
    urls: scanned ? file.urls : [],
  };
}

function actualResource(resource: Json): Json {
  const out: Json = {};
  for (const f of COMPARED_FIELDS) out[f] = f === 'license_detections' ? detections(resource[f]) : resource[f];
  return out;
}

/**
 * JSON with object keys sorted: the service keeps these values in jsonb columns, which store
 * keys in their own order (as ScanCode.io's do), while the CLI writes them in ScanCode's order.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Every difference between the CLI's files and the service's resources, one line each. */
export function resourceDifferences(cliFiles: Json[], serviceResources: Json[]): string[] {
  const byPath = new Map(serviceResources.map((r) => [r.path as string, r]));
  const out: string[] = [];
  for (const file of cliFiles) {
    if (file.type !== 'file') continue;
    const resource = byPath.get(file.path);
    if (!resource) {
      out.push(`${file.path}: missing from the service`);
      continue;
    }
    const want = expectedResource(file);
    const got = actualResource(resource);
    const wasFollowed = followed(file);
    if (wasFollowed) {
      // The service's matches (stored without from_file) are the file's own, which codescan's followed detections begin with.
      const cliOwn = ownMatches(file.path, file.license_detections, (m) => m.from_file);
      const serviceOwn = ownMatches(file.path, resource.license_detections, () => file.path);
      if (canonicalJson(cliOwn) !== canonicalJson(serviceOwn)) out.push(`${file.path}: its own license matches are ${canonicalJson(serviceOwn).slice(0, 300)}, codescan says ${canonicalJson(cliOwn).slice(0, 300)}`);
    }
    for (const f of COMPARED_FIELDS) {
      if (wasFollowed && LICENSE_FIELDS.has(f)) continue;
      if (canonicalJson(want[f]) !== canonicalJson(got[f])) out.push(`${file.path}: ${f} is ${canonicalJson(got[f]).slice(0, 300)}, codescan says ${canonicalJson(want[f]).slice(0, 300)}`);
    }
  }
  return out;
}

/** Packages as `purl declared_license_expression`, sorted, duplicates kept. */
export function packageSet(packages: Json[]): string[] {
  return packages.map((p) => `${p.purl} ${p.declared_license_expression ?? ''}`).sort();
}
