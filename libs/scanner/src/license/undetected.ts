import { createHash } from 'node:crypto';
import { safeExpressionName, uuidFromHex } from './detection';
import { ruleUrl } from './licensedb/licensedb-sources';
import { wordTokens } from './tokenize';
import type { LicenseDetectionResult, LicenseScan } from './types';

/**
 * A package's license statement that no rule recognises (`UNLICENSED`, a vendor's own words):
 * ScanCode still records it, as one `unknown` detection whose single match has the matcher
 * `5-undetected` and covers the statement (prefixed "license ", as ScanCode's package code
 * queries it), so that the package says "some license, not identified" instead of nothing.
 */
export function undetectedStatement(statement: string, path: string | null): LicenseScan {
  const text = `license ${statement.trim()}`;
  const digest = createHash('sha1').update(text).digest('hex');
  const identifier = `package-manifest-unknown-${digest}`;
  const lines = text.split(/\r\n|\r|\n/);
  const detection: LicenseDetectionResult = {
    license_expression: 'unknown',
    license_expression_spdx: 'LicenseRef-scancode-unknown',
    matches: [{
      license_expression: 'unknown',
      license_expression_spdx: 'LicenseRef-scancode-unknown',
      from_file: path,
      start_line: 1,
      end_line: lines.length,
      matcher: '5-undetected',
      score: 100,
      matched_length: wordTokens(text).length,
      match_coverage: 100,
      rule_relevance: 100,
      rule_identifier: identifier,
      rule_url: ruleUrl(identifier),
      matched_text: text,
    }],
    identifier: `${safeExpressionName('unknown')}-${uuidFromHex(digest)}`,
  };
  return {
    detected_license_expression: 'unknown',
    detected_license_expression_spdx: 'LicenseRef-scancode-unknown',
    license_detections: [detection],
    license_clues: [],
    percentage_of_license_text: 100,
  };
}
