import type { NumberedLine } from '../text';
import { buildScan } from './detection';
import { getLicenseIndex, type LicenseIndex } from './license-index';
import { longMatchCoverage, matchExact } from './match-exact';
import { matchWholeText } from './match-hash';
import { matchSeq } from './match-seq';
import { matchSpdxIdentifiers } from './match-spdx-id';
import { matchUnknown, withUnknownMatches } from './match-unknown';
import { buildQuery, type Query } from './query';
import { widenOrLater } from './or-later';
import { refineMatches } from './refine';
import type { DetectOptions, LicenseScan, RawMatch } from './types';

/**
 * The refined matches of a query, in text order: a whole-text hash match alone, or every
 * matcher's; with `unknownLicenses`, also the unknown-license matches of what they leave.
 */
export function matchQuery(q: Query, index: LicenseIndex, unknownLicenses = false): RawMatch[] {
  const whole = matchWholeText(q, index);
  if (whole) return [whole];
  const spdx = matchSpdxIdentifiers(q);
  const exact = widenOrLater(q, matchExact(q, index));
  const seq = matchSeq(q, index, longMatchCoverage(q, exact));
  const refined = refineMatches([...spdx, ...exact, ...seq]);
  if (!unknownLicenses) return refined;
  return withUnknownMatches(refined, matchUnknown(q, index, refined));
}

/** License detection for one file's numbered lines; the index is built on the first call. */
export function detectLicenses(lines: NumberedLine[], opts: DetectOptions = {}): LicenseScan {
  const index = getLicenseIndex();
  const q = buildQuery(lines, index);
  return buildScan(q, matchQuery(q, index, !!opts.unknownLicenses), opts);
}

/** Numbered lines of a text (split on any line ending, numbered from 1). */
export function textLines(text: string): NumberedLine[] {
  return text.split(/\r\n|\r|\n/).map((t, i) => ({ line: i + 1, text: t }));
}

/** Convenience for a whole text. */
export function detectLicenseInText(text: string, opts: DetectOptions = {}): LicenseScan {
  return detectLicenses(textLines(text), opts);
}
