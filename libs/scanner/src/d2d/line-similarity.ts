/**
 * Python difflib's SequenceMatcher(a=lines_a, b=lines_b).quick_ratio() over the lines of two
 * texts: twice the size of the multiset intersection of their lines over the total number of
 * lines (1 when both are empty). Lines split as str.splitlines() does, terminators dropped.
 */
export function lineSimilarity(a: string, b: string): number {
  const linesA = splitLines(a);
  const linesB = splitLines(b);
  const total = linesA.length + linesB.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const line of linesB) available.set(line, (available.get(line) ?? 0) + 1);
  let matches = 0;
  for (const line of linesA) {
    const left = available.get(line) ?? 0;
    if (left > 0) {
      matches++;
      available.set(line, left - 1);
    }
  }
  return (2 * matches) / total;
}

/** str.splitlines(): \n, \r, \r\n and the other Unicode line boundaries; no trailing empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
