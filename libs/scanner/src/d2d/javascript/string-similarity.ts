import type { Occurrences } from './occurrences';

/**
 * map_javascript_strings' comparison of string literals (ScanCode.io's stringmap): the share
 * of all string occurrences, on both sides, that belong to strings the two files have in
 * common. A match above 0.7, or above 0.5 when the source has more than 10 strings.
 */

export const JAVASCRIPT_STRINGS_MATCHING_RATIO = 0.7;
export const JAVASCRIPT_STRINGS_MATCHING_RATIO_SMALL_FILE = 0.5;
/** A source with more than this many strings (duplicates counted) only needs the lower ratio. */
export const JAVASCRIPT_SMALL_FILE_STRINGS = 10;
/** Both files need at least this many distinct strings to be compared at all. */
export const JAVASCRIPT_MIN_UNIQUE_STRINGS = 5;

export interface StringsComparison {
  isMatch: boolean;
  ratio: number;
}

/** match_source_strings_to_deployed. */
export function compareJavascriptStrings(source: Occurrences, deployed: Occurrences): StringsComparison {
  let common = 0;
  for (const [s, count] of source.counts) {
    const deployedCount = deployed.counts.get(s);
    if (deployedCount) common += count + deployedCount;
  }
  const ratio = common ? common / (source.total + deployed.total) : 0;
  const isMatch =
    ratio > JAVASCRIPT_STRINGS_MATCHING_RATIO || (source.total > JAVASCRIPT_SMALL_FILE_STRINGS && ratio > JAVASCRIPT_STRINGS_MATCHING_RATIO_SMALL_FILE);
  return { isMatch, ratio };
}
