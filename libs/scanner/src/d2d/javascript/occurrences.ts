/** How often each symbol (or string) of a file occurs, and how many there are: counted once per file, reused for every pair. */
export interface Occurrences {
  counts: ReadonlyMap<string, number>;
  total: number;
}

export function countOccurrences(items: readonly string[]): Occurrences {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return { counts, total: items.length };
}
