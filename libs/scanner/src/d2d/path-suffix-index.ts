/** A path-suffix hit: how many trailing segments matched, and the indexed resources that end that way. */
export interface PathSuffixMatch {
  matchedSegments: number;
  ids: number[];
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');

/**
 * ScanCode.io's "pathmap": an index of resource paths by their trailing segments, answering
 * "which indexed paths end like this one, over the most segments?".
 *
 * ScanCode.io stores reversed paths in an Aho-Corasick automaton and takes its leftmost
 * longest hit, which is the longest aligned suffix except when the file name is not indexed,
 * where it can be a directory name in the middle of the path. Here a lookup only ever matches
 * whole trailing segments (a hash map of suffix strings, tried from the longest down): a
 * deliberate fix of that quirk, as the reference suggests.
 */
export class PathSuffixIndex {
  private readonly bySuffix = new Map<string, number[]>();

  /**
   * `withSubpaths`: index every suffix of each path (map_path, JavaScript), or only the whole
   * path (the JVM index of fully qualified source names).
   */
  constructor(entries: Iterable<readonly [number, string]>, withSubpaths = true) {
    for (const [id, path] of entries) {
      const segments = segmentsOf(path);
      const shortest = withSubpaths ? 1 : segments.length;
      for (let length = segments.length; length >= shortest; length--) {
        const key = segments.slice(segments.length - length).join('/');
        const ids = this.bySuffix.get(key);
        if (ids) {
          if (ids[ids.length - 1] !== id) ids.push(id);
        } else {
          this.bySuffix.set(key, [id]);
        }
      }
    }
  }

  get size(): number {
    return this.bySuffix.size;
  }

  /** The longest indexed suffix that `path` ends with, or null. */
  find(path: string): PathSuffixMatch | null {
    const segments = segmentsOf(path);
    for (let length = segments.length; length >= 1; length--) {
      const ids = this.bySuffix.get(segments.slice(segments.length - length).join('/'));
      if (ids) return { matchedSegments: length, ids: [...ids] };
    }
    return null;
  }
}
