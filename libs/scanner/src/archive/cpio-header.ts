/** The ASCII cpio variants: newc ("070701"), newc with checksums ("070702") and odc ("070707"). */
export type CpioFormat = 'newc' | 'odc';

export function cpioFormatOf(head: Buffer): CpioFormat | null {
  if (head.length < 6) return null;
  const magic = head.subarray(0, 6).toString('latin1');
  if (magic === '070701' || magic === '070702') return 'newc';
  if (magic === '070707') return 'odc';
  return null;
}

// The binary cpio format has a 2-byte magic only, too weak to tell from random data; it is not detected.
export function isCpioHeader(head: Buffer): boolean {
  return cpioFormatOf(head) !== null;
}
