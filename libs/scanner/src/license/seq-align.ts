/** One aligned region between the query and a rule. */
export interface Alignment {
  qstart: number;
  qend: number;
  queryCovered: number;
  ruleCovered: number;
  /** Rule positions covered by the alignment. */
  ruleMask: Uint8Array;
  /** Query positions qstart..qend covered by the alignment (1 covered, 0 a gap), from qstart. */
  queryMask: Uint8Array;
}

/**
 * Splits n-gram hits (query position, rule position; sorted by query position) into regions
 * separated by long hit-less gaps, then keeps in each region the longest chain of hits that
 * advances in both texts (longest increasing subsequence of rule positions, O(h log h)).
 * Alignments covering less than `minCoverage` of the rule are not returned; regions with too
 * few hit positions for that (at most n rule tokens per chained hit) are not even aligned.
 */
export function chainHits(qs: number[], rs: number[], n: number, ruleLength: number, minCoverage = 0): Alignment[] {
  const out: Alignment[] = [];
  const maxGap = Math.min(150, Math.max(24, ruleLength >> 2));
  let start = 0;
  // A chain takes at most one hit per query position: distinct positions bound its length.
  let positions = qs.length > 0 ? 1 : 0;
  for (let i = 1; i <= qs.length; i++) {
    if (i === qs.length || qs[i] - qs[i - 1] > maxGap) {
      if ((n * positions) / ruleLength >= minCoverage) {
        const a = alignRegion(qs, rs, start, i, n, ruleLength, minCoverage);
        if (a) out.push(a);
      }
      start = i;
      positions = 1;
    } else if (qs[i] !== qs[i - 1]) {
      positions++;
    }
  }
  return out;
}

/** Scratch arrays of alignRegion, grown as needed and reused between calls. */
let orderBuf = new Int32Array(256);
let prevBuf = new Int32Array(256);
let tailBuf = new Int32Array(256);
let tailRBuf = new Int32Array(256);
let chainBuf = new Int32Array(256);

function alignRegion(
  qs: number[], rs: number[], from: number, to: number, n: number, ruleLength: number, minCoverage: number,
): Alignment | null {
  if (to <= from) return null;
  const count = to - from;
  if (orderBuf.length < count) {
    let size = orderBuf.length;
    while (size < count) size *= 2;
    orderBuf = new Int32Array(size);
    prevBuf = new Int32Array(size);
    tailBuf = new Int32Array(size);
    tailRBuf = new Int32Array(size);
    chainBuf = new Int32Array(size);
  }
  const order = orderBuf;
  const prev = prevBuf;
  const tailIdx = tailBuf;
  const tailR = tailRBuf;
  // Within one query position, visit rule positions in decreasing order so that the strictly
  // increasing chain takes at most one of them.
  let o = 0;
  for (let i = from; i < to; ) {
    let j = i;
    while (j < to && qs[j] === qs[i]) j++;
    for (let k = j - 1; k >= i; k--) order[o++] = k;
    i = j;
  }
  let tails = 0;
  for (o = 0; o < count; o++) {
    const r = rs[order[o]];
    let lo = 0;
    let hi = tails;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tailR[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    prev[o] = lo > 0 ? tailIdx[lo - 1] : -1;
    tailIdx[lo] = o;
    tailR[lo] = r;
    if (lo === tails) tails++;
  }
  if (tails === 0) return null;
  // The chain, back to front.
  let length = 0;
  const chain = chainBuf;
  for (let c = tailIdx[tails - 1]; c >= 0; c = prev[c]) chain[length++] = order[c];
  let queryCovered = 0;
  let ruleCovered = 0;
  let qEnd = -1;
  let rEnd = -1;
  for (let k = length - 1; k >= 0; k--) {
    const h = chain[k];
    const q = qs[h];
    const r = rs[h];
    queryCovered += Math.min(n, q + n - 1 - qEnd);
    ruleCovered += Math.min(n, Math.max(0, r + n - 1 - rEnd));
    qEnd = q + n - 1;
    rEnd = Math.max(rEnd, r + n - 1);
  }
  if (ruleCovered / ruleLength < minCoverage) return null;
  const ruleMask = new Uint8Array(ruleLength);
  for (let k = 0; k < length; k++) ruleMask.fill(1, rs[chain[k]], rs[chain[k]] + n);
  const qStart = qs[chain[length - 1]];
  const queryMask = new Uint8Array(qEnd - qStart + 1);
  for (let k = 0; k < length; k++) queryMask.fill(1, qs[chain[k]] - qStart, qs[chain[k]] - qStart + n);
  return { qstart: qStart, qend: qEnd, queryCovered, ruleCovered, ruleMask, queryMask };
}
