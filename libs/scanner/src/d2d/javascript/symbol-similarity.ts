import type { Occurrences } from './occurrences';

/**
 * map_javascript_symbols' comparison of a deployed file's symbols with a source file's
 * (ScanCode.io's symbolmap): 1 - the Jensen-Shannon distance between the two symbol frequency
 * distributions. ScanCode.io calls scipy's jensenshannon without a base, so the logarithm is
 * natural: the distance runs from 0 to sqrt(ln 2) ≈ 0.8326, the similarity from 1 down to ≈ 0.167.
 */

export const JAVASCRIPT_SYMBOLS_MATCHING_RATIO = 0.7;
export const JAVASCRIPT_SYMBOLS_MATCHING_RATIO_SMALL_FILE = 0.5;
/** A deployed file with at most this many symbols is "small" and needs only the lower ratio. */
export const JAVASCRIPT_SMALL_FILE_SYMBOLS = 30;
const DECOMPOSED_THRESHOLD = 0.5;

/**
 * Whether symbols look minified ("decomposed"): fewer than half of them (duplicates counted)
 * are longer than 3 characters. Such deployed files are not compared at all.
 */
export function isDecomposedJavascript(symbols: readonly string[]): boolean {
  let meaningful = 0;
  for (const symbol of symbols) if (Array.from(symbol).length > 3) meaningful++; // Python's len(): code points
  const ratio = meaningful > 0 ? meaningful / symbols.length : 0;
  return ratio < DECOMPOSED_THRESHOLD;
}

/** The frequency of each of `vocabulary` in `symbols` (0 for those absent). */
export function symbolsProbabilityDistribution(symbols: Occurrences, vocabulary: Iterable<string>): number[] {
  const distribution: number[] = [];
  for (const symbol of vocabulary) {
    const count = symbols.counts.get(symbol);
    distribution.push(count ? count / symbols.total : 0);
  }
  return distribution;
}

/** scipy.spatial.distance.jensenshannon(p, q) with the default (natural) base; both are normalised first. */
export function jensenShannonDistance(p: readonly number[], q: readonly number[]): number {
  const sumP = sum(p);
  const sumQ = sum(q);
  let divergence = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] / sumP;
    const qi = q[i] / sumQ;
    const mi = (pi + qi) / 2;
    divergence += relativeEntropy(pi, mi) + relativeEntropy(qi, mi);
  }
  return Math.sqrt(divergence / 2);
}

/** scipy.special.rel_entr. */
function relativeEntropy(x: number, y: number): number {
  if (x > 0 && y > 0) return x * Math.log(x / y);
  if (x === 0 && y >= 0) return 0;
  return Infinity;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export interface SymbolsComparison {
  isMatch: boolean;
  /** 1 - Jensen-Shannon distance (NaN when rounding makes the divergence negative, as in NumPy: never a match). */
  similarity: number;
}

/** match_javascript_source_symbols_to_deployed: the similarity, and whether it reaches the threshold for the deployed file's size. */
export function compareJavascriptSymbols(source: Occurrences, deployed: Occurrences): SymbolsComparison {
  const vocabulary = new Set([...source.counts.keys(), ...deployed.counts.keys()]);
  const similarity =
    1 - jensenShannonDistance(symbolsProbabilityDistribution(source, vocabulary), symbolsProbabilityDistribution(deployed, vocabulary));
  const threshold = deployed.total <= JAVASCRIPT_SMALL_FILE_SYMBOLS ? JAVASCRIPT_SYMBOLS_MATCHING_RATIO_SMALL_FILE : JAVASCRIPT_SYMBOLS_MATCHING_RATIO;
  return { isMatch: similarity >= threshold, similarity };
}
