/** One aligned region between the query and a rule. */
export interface Alignment {
  qstart: number;
  qend: number;
  queryCovered: number;
  ruleCovered: number;
  /** Rule positions covered by the alignment. */
  ruleMask: Uint8Array;
}

/**
 * Splits n-gram hits (query position, rule position; sorted by query position) into regions
 * separated by long hit-less gaps, then keeps in each region the longest chain of hits that
 * advances in both texts (longest increasing subsequence of rule positions, O(h log h)).
 */
export function chainHits(qs: number[], rs: number[], n: number, ruleLength: number): Alignment[] {
  const out: Alignment[] = [];
  const maxGap = Math.min(150, Math.max(24, ruleLength >> 2));
  let start = 0;
  for (let i = 1; i <= qs.length; i++) {
    if (i === qs.length || qs[i] - qs[i - 1] > maxGap) {
      const a = alignRegion(qs, rs, start, i, n, ruleLength);
      if (a) out.push(a);
      start = i;
    }
  }
  return out;
}

function alignRegion(qs: number[], rs: number[], from: number, to: number, n: number, ruleLength: number): Alignment | null {
  if (to <= from) return null;
  // Within one query position, visit rule positions in decreasing order so that the strictly
  // increasing chain takes at most one of them.
  const order: number[] = [];
  for (let i = from; i < to; ) {
    let j = i;
    while (j < to && qs[j] === qs[i]) j++;
    for (let k = j - 1; k >= i; k--) order.push(k);
    i = j;
  }
  const tailIdx: number[] = [];
  const prev = new Int32Array(order.length).fill(-1);
  for (let o = 0; o < order.length; o++) {
    const r = rs[order[o]];
    let lo = 0;
    let hi = tailIdx.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rs[order[tailIdx[mid]]] < r) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[o] = tailIdx[lo - 1];
    tailIdx[lo] = o;
  }
  if (tailIdx.length === 0) return null;
  const chain: number[] = [];
  for (let o = tailIdx[tailIdx.length - 1]; o >= 0; o = prev[o]) chain.push(order[o]);
  chain.reverse();
  let queryCovered = 0;
  let ruleCovered = 0;
  let qEnd = -1;
  let rEnd = -1;
  const ruleMask = new Uint8Array(ruleLength);
  for (const h of chain) {
    ruleMask.fill(1, rs[h], rs[h] + n);
    const q = qs[h];
    const r = rs[h];
    queryCovered += Math.min(n, q + n - 1 - qEnd);
    ruleCovered += Math.min(n, Math.max(0, r + n - 1 - rEnd));
    qEnd = q + n - 1;
    rEnd = Math.max(rEnd, r + n - 1);
  }
  return { qstart: qs[chain[0]], qend: qEnd, queryCovered, ruleCovered, ruleMask };
}
