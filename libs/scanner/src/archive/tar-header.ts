/**
 * Whether `head` starts with a tar header: the ustar magic, or (for pre-POSIX v7 tars, which have
 * none) a header checksum that adds up. Used both on files and on decompressed streams, so that a
 * compressed tar extracts to its members whatever it is called.
 */
export function isTarHeader(head: Buffer): boolean {
  if (head.length < 512) return false;
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return true;
  const stored = parseInt(head.subarray(148, 156).toString('latin1').replace(/[\0 ]+$/, '').trim(), 8);
  if (!Number.isFinite(stored) || head[0] === 0) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : head[i];
  return sum === stored;
}
