/**
 * The attribution notice of ScanCode's LicenseDB (CC-BY-4.0), which must go with the data
 * wherever it is shipped: `codescan --version` prints it, NOTICE and third_party/ carry it.
 */
export const LICENSEDB_ATTRIBUTION = [
  'License detection data: ScanCode LicenseDB (scancode-toolkit bc787214, 2024-10-24)',
  'Copyright (c) nexB Inc. and others. All rights reserved.',
  'ScanCode is a trademark of nexB Inc.',
  'SPDX-License-Identifier: CC-BY-4.0',
  'See https://creativecommons.org/licenses/by/4.0/legalcode for the license text.',
  'See https://github.com/nexB/scancode-toolkit for support or download.',
  'See https://aboutcode.org for more information about nexB OSS projects.',
].join('\n');
