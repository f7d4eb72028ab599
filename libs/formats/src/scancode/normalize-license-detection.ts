import type { LicenseDetectionRecord } from '@sca/contracts';
import { complianceAlert, flag, isObject, numberOrNull, objectList, text, textList } from './coerce';
import { problem, type InventoryItem } from './inventory-item';

/**
 * Maps one top-level `license_detections` entry (a unique detection with its count)
 * onto a DiscoveredLicense record. The toolkit calls the matches `reference_matches`.
 *
 * Only the top-level entry is read here. ScanCode.io also folds the detections found on
 * resources and packages into these rows (file regions, `from_package`, license clues);
 * that aggregation needs the whole project and is the writer's job.
 */
export function normalizeLicenseDetection(raw: Record<string, unknown>, refPath: (path: string) => string, index: number): InventoryItem[] {
  const identifier = text(raw.identifier);
  if (!identifier) {
    return [problem('error', 'License detection without an identifier', { section: 'license_detections', index, license_expression: text(raw.license_expression) })];
  }
  const rawMatches = raw.matches ?? raw.reference_matches;
  const record: LicenseDetectionRecord = {
    detection_count: numberOrNull(raw.detection_count) ?? 0,
    identifier,
    license_expression: text(raw.license_expression),
    license_expression_spdx: text(raw.license_expression_spdx),
    compliance_alert: complianceAlert(raw.compliance_alert),
    // from_file names a scanned file; it is rewritten to a project path like other references.
    matches: objectList(rawMatches).map((match) =>
      typeof match.from_file === 'string' ? { ...match, from_file: refPath(match.from_file) } : match,
    ),
    detection_log: textList(raw.detection_log),
    from_package: flag(raw.from_package),
    is_license_clue: flag(raw.is_license_clue),
    file_regions: objectList(raw.file_regions).filter(isRegion).map((region) => ({
      path: refPath(region.path),
      start_line: region.start_line,
      end_line: region.end_line,
    })),
    needs_review: flag(raw.needs_review),
    review_comments: objectList(raw.review_comments),
  };
  return [{ kind: 'license_detection', record }];
}

function isRegion(value: unknown): value is { path: string; start_line: number; end_line: number } {
  return isObject(value) && typeof value.path === 'string' && typeof value.start_line === 'number' && typeof value.end_line === 'number';
}
