import type { LicenseDetectionRecord } from '@sca/contracts';
import type { RecordList } from './record-lists';

/** DiscoveredLicense fields in the order of LicenseDetectionRecord (the API lists none of them yet). */
const LICENSE_DETECTION_FIELDS: readonly (keyof LicenseDetectionRecord)[] = [
  'detection_count', 'identifier', 'license_expression', 'license_expression_spdx', 'compliance_alert', 'matches', 'detection_log',
  'from_package', 'is_license_clue', 'file_regions', 'needs_review', 'review_comments',
];

/** A project's unique license detections, by identifier. */
export const LICENSE_DETECTIONS: RecordList = {
  name: 'license_detections',
  select: 'l.*',
  from: 'discovered_licenses l',
  orderBy: 'l.identifier',
  filters: {},
  serialize: (row) => Object.fromEntries(LICENSE_DETECTION_FIELDS.map((f) => [f, f === 'detection_count' ? Number(row[f]) : row[f]])),
};
