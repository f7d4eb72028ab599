/**
 * A Bloom filter of every token trigram of the approximate-match rules (2^26 bits, one probe):
 * a query position whose trigram is in no rule cannot be inside a license notice or text, so
 * approximate matching looks only where runs of rule trigrams are (see hot-regions.ts).
 * False positives (a few percent) only widen what is looked at: a region needs a run of hits.
 */
export const TRIGRAM_FILTER_WORDS = 2 ** 21;
const MASK = TRIGRAM_FILTER_WORDS * 32 - 1;

function probe(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b) ^ Math.imul(c + 0x165667b1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) & MASK;
}

export function addTrigram(bits: Uint32Array, a: number, b: number, c: number): void {
  const p = probe(a, b, c);
  bits[p >>> 5] |= 1 << (p & 31);
}

export function hasTrigram(bits: Uint32Array, a: number, b: number, c: number): boolean {
  const p = probe(a, b, c);
  return (bits[p >>> 5] & (1 << (p & 31))) !== 0;
}

/** The same kind of filter over token pairs, 2^20 bits: exact matching probes it before its pair map. */
export const PAIR_FILTER_WORDS = 2 ** 15;
const PAIR_MASK = PAIR_FILTER_WORDS * 32 - 1;

export function addPair(bits: Uint32Array, a: number, b: number): void {
  const p = probe(a, b, 0x2545f491) & PAIR_MASK;
  bits[p >>> 5] |= 1 << (p & 31);
}

export function hasPair(bits: Uint32Array, a: number, b: number): boolean {
  const p = probe(a, b, 0x2545f491) & PAIR_MASK;
  return (bits[p >>> 5] & (1 << (p & 31))) !== 0;
}
