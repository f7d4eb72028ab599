import { hasUnknown } from './raw-match';
import type { RawMatch } from './types';

/**
 * ScanCode's analysis of a group of nearby matches (licensedcode/detection.py, analyze_detection
 * and get_detected_license_expression): which matches make the detection's expression, what its
 * log says, or that the group is only clues. The thresholds are ScanCode's.
 */
export interface GroupAnalysis {
  /** The matches the expression is made of; null when the group is clues, not a detection. */
  forExpression: RawMatch[] | null;
  log: string[];
}

/** Groups that start past this line and use a rule this short are taken for false positives. */
const FALSE_POSITIVE_START_LINE = 1000;
const FALSE_POSITIVE_RULE_LENGTH = 3;
/** A group whose matches all cover this share of their rules or less is clues. */
const CLUES_MATCH_COVERAGE = 60;
/** Rules ScanCode names for bare words ("GPL", "freeware", "public domain"): alone they are no detection. */
const BARE_RULES = ['gpl_bare', 'freeware_bare', 'public-domain_bare'];

const coverage = (m: RawMatch): number => Math.round(m.coverage * 10000) / 100;
/** A rule's length as ScanCode counts it; an SPDX expression's rule is as long as the text read. */
const ruleLength = (m: RawMatch): number => (m.matcher === '1-spdx-id' ? m.matchedLength : m.rule.tokens.length);

/** An intro ("licensed under") matched whole: it announces the license after it. */
export const isLicenseIntro = (m: RawMatch): boolean => m.rule.kind === 'intro' && (m.matcher === '2-aho' || m.coverage === 1);
const isUnknownIntro = (m: RawMatch): boolean => m.rule.kind === 'intro' && hasUnknown(m);

function filterIntros(group: RawMatch[]): RawMatch[] {
  const kept = group.filter((m) => !isLicenseIntro(m));
  return kept.length ? kept : group;
}

/** An unknown intro followed by a proper match (or an intro matched whole beside other matches). */
function unknownIntroBeforeDetection(group: RawMatch[]): boolean {
  if (group.length === 1 || group.every(isUnknownIntro)) return false;
  let intro = false;
  for (const m of group) {
    if (isUnknownIntro(m)) intro = true;
    else if (intro && coverage(m) >= 100 && !hasUnknown(m)) return true;
  }
  return intro && filterIntros(group).length !== group.length;
}

function falsePositive(group: RawMatch[], startLine: number): boolean {
  const lengths = group.map(ruleLength);
  const allLengthOne = lengths.every((l) => l === 1);
  if (group.length === 1 && BARE_RULES.some((b) => group[0].rule.identifier.includes(b))) return true;
  if (allLengthOne && group.every((m) => m.rule.identifier.includes('gpl'))) return true;
  if (startLine > FALSE_POSITIVE_START_LINE && lengths.some((l) => l <= FALSE_POSITIVE_RULE_LENGTH)) return true;
  return allLengthOne && group.every((m) => m.rule.kind === 'tag');
}

const correct = (group: RawMatch[]): boolean => group.every((m) => m.matcher !== '3-seq' && coverage(m) === 100 && !hasUnknown(m));

/**
 * The analysis of one group; `startLine` is its first line. Package statements
 * (`packageLicense`) are never false positives nor clues, as in ScanCode's package code.
 */
export function analyzeGroup(group: RawMatch[], startLine: number, packageLicense: boolean): GroupAnalysis {
  if (unknownIntroBeforeDetection(group)) return { forExpression: filterIntros(group), log: ['unknown-intro-followed-by-match'] };
  // A reference to a local file ("see LICENSE") keeps every match until it is followed.
  if (group.some((m) => m.rule.referencedFilenames.length > 0)) return { forExpression: group, log: [] };
  if (!packageLicense) {
    if (falsePositive(group, startLine)) return { forExpression: null, log: ['possible-false-positive'] };
    if (group.every((m) => m.rule.kind === 'clue')) return { forExpression: null, log: ['license-clues'] };
  }
  if (correct(group)) return { forExpression: group, log: [] };
  if (group.some(hasUnknown)) return { forExpression: group, log: ['unknown-match'] };
  if (!packageLicense && !group.some((m) => coverage(m) > CLUES_MATCH_COVERAGE)) return { forExpression: null, log: ['license-clues'] };
  if (group.some((m) => coverage(m) < 100)) return { forExpression: group, log: ['imperfect-match-coverage'] };
  return { forExpression: group, log: [] };
}
