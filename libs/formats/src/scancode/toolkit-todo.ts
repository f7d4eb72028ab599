import { streamLines, type FollowedRecordLicenses } from './toolkit-follow';

/** What the review list reads of a file record. */
export interface ReviewRecord {
  path: string;
  license_detections: unknown[];
  license_clues: unknown[];
  /** The sizes of its groups of license clues (the scan's grouping). */
  clueGroups: readonly number[];
  package_data: unknown[];
}

/** The assembled packages and dependencies, and each file's package links, as --todo reads them. */
export interface ReviewPackages {
  packages: readonly unknown[];
  dependencies: readonly unknown[];
  forPackages: ReadonlyMap<string, readonly string[]>;
}

/**
 * ScanCode's --todo: the review list of ambiguous detections, built from every record in walk
 * order once the scan (and the following of license references) is over.
 */
export interface ReviewCollector {
  note(record: ReviewRecord): void;
  /** The `todo` section and each file's `for_todo`. */
  finish(packages: ReviewPackages | null): { todo: unknown[]; forTodo: ReadonlyMap<string, readonly string[]> };
}

const REVIEWED = ['"license_detections":[{', '"license_clues":[{', '"package_data":[{'];

/**
 * Shows the collector, in walk order, every record of the temporary files list that has license
 * detections, clues or package data, with its followed license fields.
 */
export async function collectReviews(filesPath: string, collector: ReviewCollector, followed: ReadonlyMap<string, FollowedRecordLicenses>, clueGroups: ReadonlyMap<string, readonly number[]>): Promise<void> {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  let pieces: string[] = [];
  const line = (text: string): void => {
    if (!REVIEWED.some((marker) => text.includes(marker))) return;
    const record = JSON.parse(text.endsWith(',') ? text.slice(0, -1) : text) as Record<string, unknown>;
    const path = String(record.path);
    const licenses = followed.get(path);
    collector.note({
      path,
      license_detections: licenses ? licenses.license_detections : list(record.license_detections),
      license_clues: list(record.license_clues),
      clueGroups: clueGroups.get(path) ?? [],
      package_data: list(record.package_data),
    });
  };
  await streamLines(filesPath, (piece) => {
    if (piece) pieces.push(piece);
  }, () => {
    if (pieces.length) line(pieces.join(''));
    pieces = [];
  });
}
