/**
 * The licenses and holders of an installed package's Debian copyright file, when licenses are
 * detected (not in package-only scans), as ScanCode's copyright processors give them:
 * - an unstructured file (UnstructuredCopyrightProcessor): license detection over the whole
 *   text, with its line numbers; the declared expression is the detections' expressions AND-ed;
 * - a machine-readable (DEP-5) file keeps the declared license its License fields give
 *   (populateLicenseFields over the extracted statement).
 * Either way the holders are those the copyright detector finds in the copyright statements.
 */
import { detectCopyrights } from '../../copyright';
import { detectLicenseInText } from '../../license';
import { textLines } from '../../text';
import type { PackageData } from '../package-data';

const COPYRIGHT_IN_PACKAGE = 'debian_copyright_in_package';

export function populateDebianCopyrightLicenses(data: PackageData, content: Buffer, path: string): void {
  if (data.datasource_id !== COPYRIGHT_IN_PACKAGE) return;
  if (!data.extracted_license_statement && !data.declared_license_expression) {
    const scan = detectLicenseInText(content.toString('utf8'), { path, includeText: true });
    data.declared_license_expression = scan.detected_license_expression;
    data.declared_license_expression_spdx = scan.detected_license_expression_spdx;
    data.license_detections = scan.license_detections as unknown as Record<string, unknown>[];
  }
  if (!data.holder && data.copyright) {
    const holders = detectCopyrights(textLines(Buffer.from(data.copyright))).holders.map((h) => h.holder);
    data.holder = [...new Set(holders)].join('\n') || null;
  }
}
