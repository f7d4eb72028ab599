import { createHash } from 'node:crypto';
import { combineAnd } from './expression';
import { scancodeToSpdx } from './license-keys';
import type { Query } from './query';
import type { DetectOptions, LicenseDetectionResult, LicenseMatch, LicenseScan, RawMatch } from './types';

/** Matches this many lines apart or closer belong to one detection (ScanCode's grouping). */
const LINES_THRESHOLD = 4;

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function toLicenseMatch(q: Query, m: RawMatch, opts: DetectOptions): LicenseMatch {
  const expression = m.expression ?? m.rule.licenseExpression;
  const startLine = q.lines[m.qstart];
  const endLine = q.lines[m.qend];
  const out: LicenseMatch = {
    license_expression: expression,
    license_expression_spdx: scancodeToSpdx(expression),
    from_file: opts.path ?? null,
    start_line: startLine,
    end_line: endLine,
    matcher: m.matcher,
    score: round2(m.coverage * m.rule.relevance),
    matched_length: m.matchedLength,
    match_coverage: round2(m.coverage * 100),
    rule_relevance: m.rule.relevance,
    rule_identifier: m.rule.identifier,
    rule_url: m.rule.url,
  };
  if (opts.includeText) {
    out.matched_text = q.input
      .filter((l) => l.line >= startLine && l.line <= endLine)
      .map((l) => l.text)
      .join('\n');
  }
  return out;
}

/** Python-identifier-safe form of an expression, as ScanCode's detection identifiers use. */
export function safeExpressionName(expression: string): string {
  return expression.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** A uuid-shaped digest of the matches (rule, score, matched words), stable for the same input. */
function detectionUuid(q: Query, group: RawMatch[], matches: LicenseMatch[]): string {
  const material = group.map((m, i) => [matches[i].rule_identifier, matches[i].score, q.words.slice(m.qstart, m.qend + 1)]);
  const hex = createHash('sha1').update(JSON.stringify(material)).digest('hex').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function detectionLog(group: RawMatch[]): string[] {
  const log: string[] = [];
  if (group.some((m) => m.coverage < 1)) log.push('imperfect-match-coverage');
  if (group.some((m) => /\bunknown/.test(m.expression ?? m.rule.licenseExpression))) log.push('unknown-match');
  return log;
}

/** Groups refined matches (in text order) into detections and clues, in ScanCode's result shape. */
export function buildScan(q: Query, matches: RawMatch[], opts: DetectOptions): LicenseScan {
  const groups: RawMatch[][] = [];
  for (const m of matches) {
    const last = groups[groups.length - 1];
    const prevEnd = last ? q.lines[last[last.length - 1].qend] : -Infinity;
    if (last && q.lines[m.qstart] - prevEnd <= LINES_THRESHOLD) last.push(m);
    else groups.push([m]);
  }
  const detections: LicenseDetectionResult[] = [];
  const clues: LicenseMatch[] = [];
  for (const group of groups) {
    const shaped = group.map((m) => toLicenseMatch(q, m, opts));
    if (group.every((m) => m.rule.kind === 'clue')) {
      clues.push(...shaped);
      continue;
    }
    const expression = combineAnd(shaped.map((m) => m.license_expression));
    if (!expression) {
      clues.push(...shaped);
      continue;
    }
    detections.push({
      license_expression: expression,
      license_expression_spdx: scancodeToSpdx(expression),
      matches: shaped,
      detection_log: detectionLog(group),
      identifier: `${safeExpressionName(expression)}-${detectionUuid(q, group, shaped)}`,
    });
  }
  const detected = combineAnd(detections.map((d) => d.license_expression));
  const matchedTokens = matches.reduce((sum, m) => sum + m.matchedLength, 0);
  return {
    detected_license_expression: detected,
    detected_license_expression_spdx: detected ? scancodeToSpdx(detected) : null,
    license_detections: detections,
    license_clues: clues,
    percentage_of_license_text: q.words.length ? round2(Math.min(100, (matchedTokens / q.words.length) * 100)) : 0,
  };
}
