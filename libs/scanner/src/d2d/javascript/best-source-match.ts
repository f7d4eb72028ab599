import { countOccurrences, type Occurrences } from './occurrences';
import { JAVASCRIPT_MIN_UNIQUE_STRINGS, compareJavascriptStrings } from './string-similarity';
import { compareJavascriptSymbols, isDecomposedJavascript } from './symbol-similarity';

/** A from/ file that may be the source of a deployed one, with its symbols (or strings) counted once. */
export interface SourceCandidate {
  id: number;
  /** null or empty when the file has none (ScanCode.io skips it). */
  occurrences: Occurrences | null;
}

export interface JavascriptSourceMatch {
  fromId: number;
  /**
   * The score ScanCode.io stores (`jsd_similarity_score` / `js_string_map_score`): the score of
   * the LAST candidate it compared, not of the chosen one (its loop variable outlives the loop).
   * Kept for parity with ScanCode.io's relations; see bestScore.
   */
  score: number;
  /** The chosen candidate's own score. */
  bestScore: number;
}

/**
 * map_javascript_symbols for one deployed file: the candidate with the highest similarity
 * among those that match, the first one on ties. Candidates must come in ScanCode.io's order
 * (resource path order) for the same tie-breaks and the same stored score. Null when the
 * deployed file has no symbols, looks minified (decomposed), or nothing matches.
 */
export function selectSourceBySymbols(deployedSymbols: readonly string[] | null, candidates: Iterable<SourceCandidate>): JavascriptSourceMatch | null {
  if (!deployedSymbols?.length || isDecomposedJavascript(deployedSymbols)) return null;
  const deployed = countOccurrences(deployedSymbols);
  return selectBest(candidates, (c) => {
    if (c.total === 0) return null;
    const { isMatch, similarity } = compareJavascriptSymbols(c, deployed);
    return { isMatch, score: similarity };
  });
}

/**
 * map_javascript_strings for one deployed file: both sides need at least 5 distinct strings;
 * otherwise as selectSourceBySymbols.
 */
export function selectSourceByStrings(deployedStrings: readonly string[] | null, candidates: Iterable<SourceCandidate>): JavascriptSourceMatch | null {
  if (!deployedStrings?.length) return null;
  const deployed = countOccurrences(deployedStrings);
  if (deployed.counts.size < JAVASCRIPT_MIN_UNIQUE_STRINGS) return null;
  return selectBest(candidates, (c) => {
    if (c.total === 0 || c.counts.size < JAVASCRIPT_MIN_UNIQUE_STRINGS) return null;
    const { isMatch, ratio } = compareJavascriptStrings(c, deployed);
    return { isMatch, score: ratio };
  });
}

interface Scored {
  isMatch: boolean;
  score: number;
}

function selectBest(candidates: Iterable<SourceCandidate>, compare: (c: Occurrences) => Scored | null): JavascriptSourceMatch | null {
  let best: { fromId: number; score: number } | null = null;
  let last = 0;
  for (const candidate of candidates) {
    if (!candidate.occurrences) continue;
    const scored = compare(candidate.occurrences);
    if (!scored) continue;
    last = scored.score;
    if (scored.isMatch && scored.score > (best?.score ?? 0)) best = { fromId: candidate.id, score: scored.score };
  }
  return best ? { fromId: best.fromId, score: last, bestScore: best.score } : null;
}
