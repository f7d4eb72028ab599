import { buildScan } from './detection';
import { matchQuery, textLines } from './detect-licenses';
import { getLicenseIndex } from './license-index';
import { matchStatementAsExpression } from './match-spdx-id';
import { matchWholeText } from './match-hash';
import { buildQuery } from './query';
import type { DetectOptions, LicenseDetectionResult, RawMatch } from './types';
import { undetectedDetection } from './undetected';

/**
 * The detections of one license statement of a package manifest, as ScanCode's package code
 * makes them (get_license_detections_for_extracted_license_statement):
 *
 * 1. the statement matched whole by a rule's hash (`1-hash`), or else read whole as an SPDX
 *    expression, when it is one naming known licenses;
 * 2. else the statement matched as text; when nothing matches, "license <statement>" is;
 * 3. a statement matched as text but not wholly (some words outside every match, some match
 *    partial) gets one more, undetected, detection of the statement.
 *
 * An empty list when nothing matched at all: the caller decides what an undetected package says.
 */
export function detectStatement(statement: string, opts: DetectOptions = {}): LicenseDetectionResult[] {
  if (!statement) return [];
  const index = getLicenseIndex();
  const asText = { ...opts, includeText: true, packageLicense: true };
  const q = buildQuery(textLines(statement), index);
  // ScanCode's index tries the whole text against its rules' hashes before reading an expression.
  const whole = matchWholeText(q, index);
  if (whole) return buildScan(q, [whole], asText).license_detections;
  const asExpression = matchStatementAsExpression(q);
  if (asExpression) return buildScan(q, [asExpression], asText).license_detections;
  let query = q;
  let text = statement;
  let matches = matchQuery(q, index);
  if (!matches.length) {
    text = `license ${statement}`;
    query = buildQuery(textLines(text), index);
    matches = matchQuery(query, index);
    if (!matches.length) return [];
  }
  const detections = buildScan(query, matches, asText).license_detections;
  if (notFullyMatched(query.ids.length, matches)) detections.push(undetectedDetection(text, opts.path ?? null));
  return detections;
}

/** ScanCode's is_declared_license_not_fully_matched: words left outside every match, and some match partial. */
function notFullyMatched(queryLength: number, matches: RawMatch[]): boolean {
  const covered = new Set<number>();
  for (const m of matches) for (let i = m.qstart; i <= m.qend; i++) covered.add(i);
  return covered.size !== queryLength && !matches.every((m) => m.coverage === 1);
}
