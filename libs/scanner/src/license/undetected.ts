import { ruleUrl } from './licensedb/licensedb-sources';
import { detectionIdentifier, syntheticRuleIdentifier } from './python-names';
import { allWords } from './tokenize';
import type { LicenseDetectionResult, LicenseScan } from './types';

const UNKNOWN = 'unknown';
const UNKNOWN_SPDX = 'LicenseRef-scancode-unknown';

/**
 * A package's license statement that no rule recognises (`UNLICENSED`, a vendor's own words):
 * ScanCode still records it, as one `unknown` detection whose single match has the matcher
 * `5-undetected` and covers "license <statement>", so that the package says "some license, not
 * identified" instead of nothing. The rule and the detection are named as ScanCode names them.
 */
export function undetectedDetection(statement: string, path: string | null): LicenseDetectionResult {
  const text = `license ${statement}`;
  const identifier = syntheticRuleIdentifier(`package-manifest-${UNKNOWN}`, UNKNOWN, text);
  const lines = text.replace(/(\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/);
  const words = allWords(text);
  return {
    license_expression: UNKNOWN,
    license_expression_spdx: UNKNOWN_SPDX,
    matches: [{
      license_expression: UNKNOWN,
      license_expression_spdx: UNKNOWN_SPDX,
      from_file: path,
      start_line: 1,
      end_line: lines.length,
      matcher: '5-undetected',
      score: 100,
      matched_length: words.length,
      match_coverage: 100,
      rule_relevance: 100,
      rule_identifier: identifier,
      rule_url: ruleUrl(identifier),
      matched_text: lines.join('\n'),
    }],
    identifier: detectionIdentifier(UNKNOWN, [{ ruleIdentifier: identifier, score: 100, words }]),
  };
}

/** The whole license result of an undetected statement. */
export function undetectedStatement(statement: string, path: string | null): LicenseScan {
  return {
    detected_license_expression: UNKNOWN,
    detected_license_expression_spdx: UNKNOWN_SPDX,
    license_detections: [undetectedDetection(statement, path)],
    license_clues: [],
    percentage_of_license_text: 100,
  };
}
