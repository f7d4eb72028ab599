import { hasTrigram } from './index-data/trigram-filter';
import type { LicenseIndex } from './license-index';
import type { Query } from './query';

/** Consecutive rule trigrams (10 tokens of rule text in rule order) that make a region worth aligning: shorter runs in prose and code comments were noise (and cost) more often than notices (measured on license-dev and an npm tree). */
const MIN_RUN = 8;
/** Tokens added on each side of a run: the edited or unknown words around a license's verbatim parts. */
const MARGIN = 24;

/**
 * Token ranges [start, end] of the query where approximate matching can find something: around
 * runs of MIN_RUN or more consecutive positions whose trigram occurs in some rule, widened by
 * MARGIN and merged. Source code without license text has few such runs, so most files get
 * none and skip candidate selection and alignment (ScanCode skips query runs without legalese).
 */
export function hotRegions(q: Query, index: LicenseIndex, covered: Uint8Array): number[] {
  const { ids, consumed } = q;
  const bits = index.trigramFilter;
  const out: number[] = [];
  let run = 0;
  // Hits outside exact matches of long rules: a run made only of text already found whole is not aligned again.
  let fresh = 0;
  for (let i = 0; i + 2 < ids.length; i++) {
    const a = ids[i];
    const b = ids[i + 1];
    const c = ids[i + 2];
    if (covered[i] && covered[i + 2]) {
      run++;
      continue;
    }
    const hit = a >= 0 && b >= 0 && c >= 0 && !consumed[i] && !consumed[i + 2] && hasTrigram(bits, a, b, c);
    if (hit) {
      run++;
      fresh++;
      continue;
    }
    if (fresh >= MIN_RUN) addRegion(out, i - run, i + 1, ids.length);
    run = 0;
    fresh = 0;
  }
  if (fresh >= MIN_RUN) addRegion(out, ids.length - 2 - run, ids.length - 1, ids.length);
  return out;
}

/** Adds [first, last] widened by MARGIN, merged with the previous region when they meet. */
function addRegion(out: number[], first: number, last: number, length: number): void {
  const start = Math.max(0, first - MARGIN);
  const end = Math.min(length - 1, last + MARGIN);
  if (out.length > 0 && start <= out[out.length - 1] + 1) out[out.length - 1] = Math.max(out[out.length - 1], end);
  else out.push(start, end);
}
