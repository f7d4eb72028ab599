/**
 * Line-level similarity of two texts, as ScanCode.io's get_text_str_diff_ratio computes it:
 * Python's difflib.SequenceMatcher(a=text_a.splitlines(), b=text_b.splitlines()).quick_ratio().
 * map_path keeps a candidate at >= 0.7 and map_javascript's fallback at >= 0.98.
 */

/** Python's str.splitlines(): \n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, \u2028, \u2029; no trailing empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * difflib's quick_ratio: twice the size of the multiset intersection of the two sequences over
 * their total length, 1 when both are empty. An upper bound of SequenceMatcher.ratio() that
 * ignores order, which is why it is cheap enough to run on every candidate.
 */
export function quickRatio(a: readonly string[], b: readonly string[]): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const line of b) available.set(line, (available.get(line) ?? 0) + 1);
  let matches = 0;
  for (const line of a) {
    const left = available.get(line) ?? 0;
    if (left > 0) {
      matches++;
      available.set(line, left - 1);
    }
  }
  return (2 * matches) / total;
}

/** quickRatio over the lines of two texts. */
export function lineSimilarity(a: string, b: string): number {
  return quickRatio(splitLines(a), splitLines(b));
}

/**
 * ScanCode.io's get_text_str_diff_ratio: null when either text is empty (the string, not its
 * lines: "\n" against "\n" is 1), otherwise the line similarity.
 */
export function textDiffRatio(a: string | null | undefined, b: string | null | undefined): number | null {
  if (!a || !b) return null;
  return lineSimilarity(a, b);
}

/**
 * A ratio as Python formats `{:.1%}` (`0.754` -> `75.4%`): the ratio times 100, rounded to one
 * decimal on its exact binary value, ties to even. Number#toFixed breaks exact ties upwards
 * (98.25 -> "98.3" where Python writes "98.2"), so ties are settled here.
 */
export function formatDiffRatio(ratio: number): string {
  const percent = ratio * 100;
  if (!Number.isFinite(percent)) return `${percent}%`;
  const exact = Math.abs(percent).toFixed(60);
  const tie = /\.\d50*$/.test(exact);
  if (!tie) return `${percent.toFixed(1)}%`;
  const tenths = Math.floor(percent * 10); // exact: a tie is k + 0.05 with a short binary expansion
  const even = tenths % 2 === 0 ? tenths : tenths + 1;
  return `${(even / 10).toFixed(1)}%`;
}
