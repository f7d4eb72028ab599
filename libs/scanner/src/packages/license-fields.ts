/**
 * ScanCode fills a PackageData's license fields from its `extracted_license_statement` (unless
 * `package_only`): the statement is license-detected like file text, giving
 * `declared_license_expression(_spdx)` and `license_detections`, with `from_file` the datafile.
 */
import { detectLicenseInText } from '../license';
import type { PackageData } from './package-data';

export function populateLicenseFields(data: PackageData, datafilePath: string): void {
  const statement = data.extracted_license_statement;
  if (!statement || data.declared_license_expression) return;
  const scan = detectLicenseInText(statement, { path: datafilePath, includeText: true });
  data.declared_license_expression = scan.detected_license_expression;
  data.declared_license_expression_spdx = scan.detected_license_expression_spdx;
  data.license_detections = scan.license_detections as unknown as Record<string, unknown>[];
}
