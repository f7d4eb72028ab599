/**
 * A 53-bit hash of a token-id sequence (two 32-bit mixes, one truncated), exact as a JS number:
 * the key of whole-text (`1-hash`) matching. A hit is still compared token by token.
 */
export function tokenHash(ids: ArrayLike<number>, start = 0, end = ids.length): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = start; i < end; i++) {
    const v = ids[i];
    a = Math.imul(a ^ v, 0x01000193);
    b = Math.imul(b ^ v, 0x5bd1e995);
    b ^= b >>> 13;
  }
  return (a >>> 0) * 2 ** 21 + ((b >>> 0) >>> 11);
}
