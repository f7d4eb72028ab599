import { analyzeGroup } from './analysis';
import { combineAnd, expressionSymbols, parseExpression, renderExpression, type Expr } from './expression';
import { isExceptionKey, scancodeToSpdx } from './license-keys';
import { diagnosticsText } from './matched-text';
import { detectionIdentifier } from './python-names';
import { spanWords, type Query } from './query';
import { expressionOf } from './raw-match';
import type { DetectOptions, LicenseDetectionResult, LicenseMatch, LicenseNotes, LicenseScan, RawMatch } from './types';

/** Matches this many lines apart or closer belong to one detection (ScanCode's grouping). */
const LINES_THRESHOLD = 4;

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function toLicenseMatch(q: Query, m: RawMatch, opts: DetectOptions): LicenseMatch {
  const expression = expressionOf(m);
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
  if (opts.includeText) out.matched_text = matchedLines(q, m);
  if (opts.textDiagnostics) out.matched_text_diagnostics = diagnosticsText(q, m);
  return out;
}

/** A match's lines, whole, as ScanCode's matched_text gives them. */
function matchedLines(q: Query, m: RawMatch): string {
  const startLine = q.lines[m.qstart];
  const endLine = q.lines[m.qend];
  return q.input
    .filter((l) => l.line >= startLine && l.line <= endLine)
    .map((l) => l.text)
    .join('\n');
}

/** The notes a scan keeps beside its record, only those with something in them. */
function licenseNotes(ruleReferences: Record<string, string[]>, clueGroups: number[], ruleTexts: Record<string, string>): { notes?: LicenseNotes } {
  const notes: LicenseNotes = {
    ...(Object.keys(ruleReferences).length ? { ruleReferences } : {}),
    ...(clueGroups.length ? { clueGroups } : {}),
    ...(Object.keys(ruleTexts).length ? { ruleTexts } : {}),
  };
  return Object.keys(notes).length ? { notes } : {};
}

/** ScanCode's identifier of a detection: its expression and a uuid of its matches' rules, scores and words. */
function identifierOf(q: Query, expression: string, group: RawMatch[], matches: LicenseMatch[]): string {
  return detectionIdentifier(expression, group.map((m, i) => ({ ruleIdentifier: matches[i].rule_identifier, score: matches[i].score, words: spanWords(q, m.qstart, m.qend) })));
}

/**
 * "… either version 3 of the License, or (at your option) any later version … see the GNU
 * General Public License version 3" is one "-or-later" notice: a bare reference to version N
 * next to a notice for "version N or later" names the same license again.
 */
function foldVersionReferences(group: RawMatch[]): RawMatch[] {
  const expressions = new Set(group.map(expressionOf));
  return group.filter((m) => {
    const e = expressionOf(m);
    return !((m.rule.kind === 'reference' || m.rule.kind === 'tag') && m.matcher !== '1-spdx-id' && expressions.has(`${e}-plus`));
  });
}

/**
 * An exception notice next to the license it modifies ("GPL-2.0 ... As a special exception, ..."
 * ) makes one `license WITH exception` expression: each bare exception of an AND is attached to
 * the nearest license before it (or after it, when it comes first).
 */
export function attachExceptions(expression: string | null): string | null {
  if (!expression) return expression;
  const e = parseExpression(expression);
  if (!e || e.kind !== 'and') return expression;
  const args = [...e.args];
  const isBareException = (a: Expr): boolean => a.kind === 'key' && isExceptionKey(a.key);
  if (!args.some(isBareException) || args.every(isBareException)) return expression;
  const out: Expr[] = [];
  const pending: string[] = [];
  for (const a of args) {
    if (a.kind === 'key' && isExceptionKey(a.key)) {
      const last = out[out.length - 1];
      if (last && last.kind === 'key') out[out.length - 1] = { kind: 'with', key: last.key, exception: a.key };
      else if (!last) pending.push(a.key);
      else out.push(a);
      continue;
    }
    if (pending.length && a.kind === 'key') {
      out.push({ kind: 'with', key: a.key, exception: pending.shift() ?? '' });
      out.push(...pending.map((key): Expr => ({ kind: 'key', key })));
      pending.length = 0;
      continue;
    }
    out.push(a);
  }
  out.push(...pending.map((key): Expr => ({ kind: 'key', key })));
  return renderExpression(out.length === 1 ? out[0] : { kind: 'and', args: out });
}

/**
 * Matches a few lines apart or closer make one group (ScanCode's group_matches); an intro
 * ("licensed under") always takes the match after it, and always starts a group of its own.
 */
function groupMatches(q: Query, matches: RawMatch[]): RawMatch[][] {
  const groups: RawMatch[][] = [];
  for (const m of matches) {
    const last = groups[groups.length - 1];
    const previous = last?.[last.length - 1];
    const near = previous !== undefined && q.lines[m.qstart] - q.lines[previous.qend] <= LINES_THRESHOLD;
    if (last && (previous.rule.kind === 'intro' || (m.rule.kind !== 'intro' && near))) last.push(m);
    else groups.push([m]);
  }
  return groups;
}

/** The license keys of an expression, exceptions included. */
function keysOf(expression: string): string[] {
  const e = parseExpression(expression);
  return e ? expressionSymbols(e).flatMap((s) => s.split(' WITH ')) : [];
}

interface Analyzed {
  group: RawMatch[];
  expression: string | null;
  log: string[];
}

/**
 * Where a file has more than one group, a group taken for clues whose licenses the detections
 * already name is a detection after all (ScanCode's process_detections); clue rules alone stay clues.
 */
function promoteClues(analyzed: Analyzed[]): void {
  if (analyzed.length < 2) return;
  const detected = new Set(analyzed.flatMap((a) => (a.expression ? keysOf(a.expression) : [])));
  for (const a of analyzed) {
    if (a.expression || a.group.every((m) => m.rule.kind === 'clue')) continue;
    const expression = attachExceptions(combineAnd(a.group.map(expressionOf)));
    if (expression && keysOf(expression).every((k) => detected.has(k))) {
      a.expression = expression;
      a.log = [...a.log, 'not-license-clues-as-more-detections-present'];
    }
  }
}

/** Groups refined matches (in text order) into detections and clues, in ScanCode's result shape. */
export function buildScan(q: Query, matches: RawMatch[], opts: DetectOptions): LicenseScan {
  const analyzed: Analyzed[] = groupMatches(q, matches).map((found) => {
    const group = foldVersionReferences(found);
    const { forExpression, log } = analyzeGroup(group, q.lines[group[0].qstart], !!opts.packageLicense);
    const expression = forExpression ? attachExceptions(combineAnd(forExpression.map(expressionOf))) : null;
    return { group, expression, log };
  });
  promoteClues(analyzed);
  const detections: LicenseDetectionResult[] = [];
  const clues: LicenseMatch[] = [];
  const clueGroups: number[] = [];
  const ruleReferences: Record<string, string[]> = {};
  const ruleTexts: Record<string, string> = {};
  for (const { group, expression, log } of analyzed) {
    const shaped = group.map((m) => toLicenseMatch(q, m, opts));
    if (!expression) {
      clues.push(...shaped);
      clueGroups.push(shaped.length);
      continue;
    }
    for (const m of group) if (m.rule.referencedFilenames.length) ruleReferences[m.rule.identifier] = m.rule.referencedFilenames;
    for (const m of group) {
      if (m.rule.text !== undefined) ruleTexts[m.rule.identifier] = m.rule.text;
      else if (!opts.includeText && m.matcher === '1-spdx-id') ruleTexts[m.rule.identifier] = matchedLines(q, m);
    }
    detections.push({
      license_expression: expression,
      license_expression_spdx: scancodeToSpdx(expression),
      matches: shaped,
      ...(log.length || opts.diagnostics ? { detection_log: log } : {}),
      identifier: identifierOf(q, expression, group, shaped),
    });
  }
  const detected = combineAnd(detections.map((d) => d.license_expression));
  const matchedTokens = matches.reduce((sum, m) => sum + m.matchedLength, 0);
  return {
    detected_license_expression: detected,
    detected_license_expression_spdx: detected ? scancodeToSpdx(detected) : null,
    license_detections: detections,
    license_clues: clues,
    percentage_of_license_text: q.ids.length ? round2(Math.min(100, (matchedTokens / q.ids.length) * 100)) : 0,
    ...licenseNotes(ruleReferences, clueGroups, ruleTexts),
  };
}
