/** The notice ScanCode.io puts in its SBOMs (CycloneDX `notice` property, SPDX document `comment`). */
export const SCAN_NOTICE =
  'Generated with ScanCode.io and provided on an "AS IS" BASIS, WITHOUT WARRANTIES\n' +
  'OR CONDITIONS OF ANY KIND, either express or implied.\n' +
  'No content created from ScanCode.io should be considered or used as legal advice.\n' +
  'Consult an Attorney for any legal advice.\n' +
  'ScanCode.io is a free software code scanning tool from nexB Inc. and others\n' +
  'licensed under the Apache License version 2.0.\n' +
  'ScanCode is a trademark of nexB Inc.\n' +
  'Visit https://github.com/nexB/scancode.io for support and download.\n';

/** The tool name ScanCode.io writes in SBOM headers. */
export const SBOM_TOOL_NAME = 'ScanCode.io';
