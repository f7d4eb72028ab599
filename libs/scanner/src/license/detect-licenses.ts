import type { NumberedLine } from '../text';
import { buildScan } from './detection';
import { getLicenseIndex } from './license-index';
import { longMatchCoverage, matchExact } from './match-exact';
import { matchWholeText } from './match-hash';
import { matchSeq } from './match-seq';
import { matchSpdxIdentifiers } from './match-spdx-id';
import { buildQuery } from './query';
import { widenOrLater } from './or-later';
import { refineMatches } from './refine';
import type { DetectOptions, LicenseScan } from './types';

/** License detection for one file's numbered lines; the index is built on the first call. */
export function detectLicenses(lines: NumberedLine[], opts: DetectOptions = {}): LicenseScan {
  const index = getLicenseIndex();
  const q = buildQuery(lines, index);
  const whole = matchWholeText(q, index);
  if (whole) return buildScan(q, [whole], opts);
  const spdx = matchSpdxIdentifiers(q);
  const exact = widenOrLater(q, matchExact(q, index));
  const seq = matchSeq(q, index, longMatchCoverage(q, exact));
  return buildScan(q, refineMatches([...spdx, ...exact, ...seq]), opts);
}

/** Convenience for a whole text (split on any line ending, lines numbered from 1). */
export function detectLicenseInText(text: string, opts: DetectOptions = {}): LicenseScan {
  const lines = text.split(/\r\n|\r|\n/).map((t, i) => ({ line: i + 1, text: t }));
  return detectLicenses(lines, opts);
}
