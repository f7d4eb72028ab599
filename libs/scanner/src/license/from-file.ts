/**
 * `from_file` of license matches kept as JSON. ScanCode.io scans each resource through ScanCode's
 * API without a path, so the detections it stores on resources (file detections, clues, package
 * data) have `from_file` null; a package made from a datafile gets the datafile's path on every
 * match that has none (ScanCode's Package.from_package_data).
 */
type MatchLike = { from_file?: string | null };
type DetectionLike = { matches?: MatchLike[] };

/** Copies of detections whose matches have `from_file` null. */
export function detectionsWithoutFromFile<T>(detections: T[] | null | undefined): T[] {
  return (detections ?? []).map((d) => {
    const det = d as DetectionLike;
    return { ...det, matches: (det.matches ?? []).map((m) => ({ ...m, from_file: null })) } as T;
  });
}

/** Copies of matches (license clues) with `from_file` null. */
export function matchesWithoutFromFile<T>(matches: T[] | null | undefined): T[] {
  return (matches ?? []).map((m) => ({ ...(m as MatchLike), from_file: null }) as T);
}

/** Sets `from_file` on each match, in place, that has none. */
export function fillFromFile(detections: unknown, path: string): void {
  if (!Array.isArray(detections)) return;
  for (const d of detections as DetectionLike[]) for (const m of d.matches ?? []) if (!m.from_file) m.from_file = path;
}
