/**
 * A package made from a datafile gets the datafile's path on every license match that has none
 * (ScanCode's Package.from_package_data): ScanCode.io's package data, detected without a path,
 * has none.
 */
type DetectionLike = { matches?: { from_file?: string | null }[] };

/** Sets `from_file` on each match, in place, that has none. */
export function fillFromFile(detections: unknown, path: string): void {
  if (!Array.isArray(detections)) return;
  for (const d of detections as DetectionLike[]) for (const m of d.matches ?? []) if (!m.from_file) m.from_file = path;
}
