import { createHash } from 'node:crypto';

const BITS = 128;

/**
 * matchcode-toolkit's directory fingerprint: the number of features as 8 hex digits, then a
 * 128-bit bit-average halo hash of them. Each feature's md5 votes on every bit (a 0 bit counts
 * +1, a 1 bit -1, most significant bit of each byte first) and a bit of the hash is set where
 * the votes are positive. Written here: there is no npm package of this hash.
 */
export function directoryFingerprint(features: readonly string[]): string {
  const inputs = features.filter(Boolean);
  const columns = new Array<number>(BITS).fill(0);
  for (const input of inputs) {
    const digest = createHash('md5').update(input, 'utf8').digest();
    for (let bit = 0; bit < BITS; bit++) {
      const set = (digest[bit >> 3] >> (7 - (bit & 7))) & 1;
      columns[bit] += set ? -1 : 1;
    }
  }
  const bytes = Buffer.alloc(BITS / 8);
  columns.forEach((column, bit) => {
    if (column > 0) bytes[bit >> 3] |= 1 << (7 - (bit & 7));
  });
  return inputs.length.toString(16).padStart(8, '0') + bytes.toString('hex');
}

export interface FingerprintedFile {
  path: string;
  size: number | null;
  sha1: string;
}

/**
 * The content and structure fingerprints of a directory from the files under it (at any
 * depth): none with fewer than two non-empty files.
 */
export function directoryFingerprints(directoryPath: string, files: readonly FingerprintedFile[]): { directory_content: string; directory_structure: string } | null {
  const children = files.filter((f) => f.size);
  if (children.length <= 1) return null;
  const structure = children.map((f) => {
    const at = f.path.indexOf(directoryPath);
    const subpath = (at < 0 ? '' : f.path.slice(at + directoryPath.length)).replace(/^\/+/, '');
    return `${Math.trunc((f.size ?? 0) / 10) * 10}${subpath}`;
  });
  return { directory_content: directoryFingerprint(children.map((f) => f.sha1)), directory_structure: directoryFingerprint(structure) };
}
