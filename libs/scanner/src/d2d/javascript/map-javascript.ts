import { formatDiffRatio, textDiffRatio } from '../line-similarity';
import type { SourceMapData } from './source-map';

/** A from/ file as map_javascript sees it. */
export interface FromFile {
  id: number;
  path: string;
  sha1: string;
}

/** A path-suffix hit (structurally the same as PathSuffixIndex#find's result). */
export interface PathSuffixHit {
  matchedSegments: number;
  ids: readonly number[];
}

/**
 * What map_javascript needs to know of the from/ side: ScanCode.io's from_resources are all
 * from/ files (whatever their status) whose path does not contain "/test/", and its suffix
 * index is built over the same files, with subpaths.
 */
export interface JavascriptMapLookup {
  /** The from/ files whose sha1 is one of `sha1s`, each file once. */
  filesWithSha1(sha1s: readonly string[]): readonly FromFile[] | Promise<readonly FromFile[]>;
  /** The longest indexed path suffix of `path`. */
  findPathSuffix(path: string): PathSuffixHit | null;
  /** A from/ file's text, null when it cannot be read as text (no line similarity then). */
  fromText(id: number): string | null | Promise<string | null>;
}

export interface JsCompiledMatch {
  fromId: number;
  /** The relation's extra_data: empty for sha1 matches, `{ diff_ratio: "99.3%" }` for the fallback. */
  extraData: { diff_ratio?: string };
}

/** The line similarity at which the fallback accepts a source. */
export const JS_MAP_DIFF_RATIO_THRESHOLD = 0.98;

/**
 * map_javascript for one `.map` file: the from/ files it was compiled from, each to be
 * related `js_compiled` to the map and to its minified sibling.
 *
 * 1. By sha1 (js.get_matches_by_sha1). When there are as many usable sources as non-empty
 *    contents, each (content sha1, source) pair, taken by position, must match exactly one
 *    from/ file with that sha1 whose path ends with the source (a plain string suffix).
 *    Otherwise every from/ file with one of the sha1s matches, unless there are more of them
 *    than contents, which gives nothing.
 * 2. When step 1 gives nothing, by path and line similarity (js.get_matches_by_ratio): each
 *    source, paired by position with the raw sourcesContent entry, is looked up as a path
 *    suffix; a lookup with more candidates than matched segments is skipped, and of the
 *    candidates exactly one must reach 0.98.
 *
 * The pairings by position reproduce ScanCode.io, which pairs the filtered sources with the
 * filtered (step 1) or unfiltered (step 2) contents: when a source was dropped (webpack:///,
 * one segment) or a content is empty, the pairs shift and the later ones do not match.
 */
export async function matchJavascriptMap(map: SourceMapData, lookup: JavascriptMapLookup): Promise<JsCompiledMatch[]> {
  const bySha1 = matchBySha1(map, await lookup.filesWithSha1(map.contentSha1s));
  if (bySha1.length > 0) return bySha1;
  return matchByLineSimilarity(map, lookup);
}

/** Step 1, given the from/ files having one of the map's content sha1s. */
export function matchBySha1(map: SourceMapData, withSha1: readonly FromFile[]): JsCompiledMatch[] {
  const { sources, contentSha1s } = map;
  if (sources.length !== contentSha1s.length) {
    if (withSha1.length > contentSha1s.length) return [];
    return withSha1.map((f) => ({ fromId: f.id, extraData: {} }));
  }
  const matches: JsCompiledMatch[] = [];
  contentSha1s.forEach((sha1, i) => {
    const found = withSha1.filter((f) => f.sha1 === sha1 && f.path.endsWith(sources[i]));
    if (found.length === 1) matches.push({ fromId: found[0].id, extraData: {} });
  });
  return matches;
}

/** Step 2. */
export async function matchByLineSimilarity(map: SourceMapData, lookup: JavascriptMapLookup): Promise<JsCompiledMatch[]> {
  const matches: JsCompiledMatch[] = [];
  const pairs = Math.min(map.sources.length, map.sourcesContent.length);
  for (let i = 0; i < pairs; i++) {
    const hit = lookup.findPathSuffix(map.sources[i]);
    if (!hit || hit.ids.length > hit.matchedSegments) continue;
    const match = await singleSimilarFile(map.sourcesContent[i], hit.ids, lookup);
    if (match) matches.push(match);
  }
  return matches;
}

/** The one candidate whose text is at least 0.98 similar to `content`; null if none or several. */
async function singleSimilarFile(content: string | null, ids: readonly number[], lookup: JavascriptMapLookup): Promise<JsCompiledMatch | null> {
  let match: JsCompiledMatch | null = null;
  for (const id of ids) {
    const ratio = textDiffRatio(content, await lookup.fromText(id));
    if (!ratio || ratio < JS_MAP_DIFF_RATIO_THRESHOLD) continue;
    if (match) return null;
    match = { fromId: id, extraData: { diff_ratio: formatDiffRatio(ratio) } };
  }
  return match;
}
