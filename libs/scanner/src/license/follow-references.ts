import { posix } from 'node:path';
import { combineAnd } from './expression';
import { scancodeToSpdx } from './license-keys';
import { pyReprTuple, sha1Hex, uuidFromHex } from './python-names';

/** A detection as a `files` record holds it (only the fields following a reference reads). */
export interface RecordDetection {
  license_expression: string;
  license_expression_spdx: string;
  matches: { license_expression: string; rule_identifier: string }[];
  detection_log?: string[];
  identifier: string;
}

/** A file's license fields after its references were followed. */
export interface FollowedLicenses {
  detected_license_expression: string | null;
  detected_license_expression_spdx: string | null;
  license_detections: RecordDetection[];
}

/** What a referenced path holds: its file-level detections, empty when it exists without any. */
export type ReferencedFile = { path: string; detections: readonly RecordDetection[] } | undefined;

/**
 * A path as commoncode's clean_path makes it: POSIX separators, no slash at either end,
 * normalised ('' for the directory itself).
 */
function cleanPath(path: string): string {
  const p = posix.normalize(path.replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''));
  return p === '.' ? '' : p;
}

/**
 * Where ScanCode looks for a file a license match names ("see LICENSE"): beside the file that
 * names it, then at the codebase root; the first path that exists is the one followed, with
 * detections or without. A file at the root of nothing (a single scanned file) has no place
 * to look.
 */
export function referenceCandidates(path: string, root: string, filename: string): string[] {
  const slash = path.lastIndexOf('/');
  const name = cleanPath(filename);
  if (slash < 0 || !name) return [];
  return [...new Set([posix.normalize(posix.join(path.slice(0, slash), name)), posix.normalize(posix.join(root, name))])];
}

/** The filenames a detection's matches reference, each once, in match order (ScanCode's get_referenced_filenames). */
export function referencedFilenames(detection: RecordDetection, ruleReferences: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const m of detection.matches) for (const f of ruleReferences.get(m.rule_identifier) ?? []) if (!out.includes(f)) out.push(f);
  return out;
}

/** commoncode's get_uuid_on_content: a uuid of the SHA-1 of repr() of the tuple of the strings. */
function uuidOnContent(content: string[]): string {
  return uuidFromHex(sha1Hex(pyReprTuple(content)));
}

/**
 * One detection with the files it references followed, as ScanCode's license plugin does after
 * the scan (add_referenced_filenames_license_matches_for_detections): the referenced files'
 * matches are appended; the expression is recomputed from the matches whose rules reference
 * no file (all of them when every one does), so "see LICENSE" next to an MIT license text
 * becomes `mit`; the log says `unknown-reference-to-local-file`; the identifier is the
 * expression and a uuid of the sorted identifiers of the detections put together. Null when
 * no referenced file exists with detections.
 */
function followDetection(detection: RecordDetection, ruleReferences: ReadonlyMap<string, readonly string[]>, lookup: (filename: string) => ReferencedFile): RecordDetection | null {
  const added: RecordDetection[] = [];
  for (const filename of referencedFilenames(detection, ruleReferences)) {
    const target = lookup(filename);
    if (target?.detections.length) added.push(...target.detections);
  }
  if (added.length === 0) return null;
  const matches = [...detection.matches, ...added.flatMap((d) => d.matches)];
  const plain = matches.filter((m) => !ruleReferences.get(m.rule_identifier)?.length);
  const expression = combineAnd((plain.length ? plain : matches).map((m) => m.license_expression)) ?? detection.license_expression;
  const identifier = `${expression}-${uuidOnContent([...added.map((d) => d.identifier), detection.identifier].sort())}`;
  const log = ['unknown-reference-to-local-file'];
  // ScanCode sets the log on the detection's mapping: where it had none (no --license-diagnostics)
  // the key comes last.
  return 'detection_log' in detection
    ? { ...detection, license_expression: expression, license_expression_spdx: scancodeToSpdx(expression), matches, detection_log: log, identifier }
    : { ...detection, license_expression: expression, license_expression_spdx: scancodeToSpdx(expression), matches, identifier, detection_log: log };
}

/**
 * A file's detections with their references followed; null when none changed. `lookup` finds a
 * referenced filename's file (see referenceCandidates).
 */
export function followFileReferences(detections: readonly RecordDetection[], ruleReferences: ReadonlyMap<string, readonly string[]>, lookup: (filename: string) => ReferencedFile): FollowedLicenses | null {
  let changed = false;
  const out = detections.map((d) => {
    const followed = followDetection(d, ruleReferences, lookup);
    if (followed) changed = true;
    return followed ?? d;
  });
  if (!changed) return null;
  const expression = combineAnd(out.map((d) => d.license_expression));
  return { detected_license_expression: expression, detected_license_expression_spdx: expression ? scancodeToSpdx(expression) : null, license_detections: out };
}
