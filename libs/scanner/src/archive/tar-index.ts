/**
 * Where each member of an uncompressed tar lies in the file, read from the headers alone (the
 * data blocks are skipped, never read): so that a member that is itself an archive, such as an
 * image layer in a `docker save`, can be extracted in place instead of being written out first.
 * Hand-written rather than taken from tar-stream, which streams every byte and reports no offsets.
 * Only plain ustar/v7 headers are indexed; a pax or GNU extended header, a sparse member or a
 * header whose checksum does not add up gives null, and the caller extracts as usual.
 */
import { open } from 'node:fs/promises';
import { isTarHeader } from './tar-header';

export interface TarMember {
  /** The member's name as the archive gives it (ustar prefix joined). */
  name: string;
  /** '0' or '\0' regular file, '5' directory, '2' symlink...: the header's type flag. */
  type: string;
  /** Offset of the member's first data byte in the file. */
  dataStart: number;
  size: number;
}

const BLOCK = 512;
/** Header fields of a tar (POSIX ustar layout). */
const text = (block: Buffer, start: number, length: number) => block.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
const PLAIN_TYPES = new Set(['0', '\0', '1', '2', '3', '4', '5', '6', '7']);

/** Octal size field (base-256 sizes belong to members over 8 GiB: not indexed). */
function sizeOf(block: Buffer): number | null {
  if (block[124] & 0x80) return null;
  const value = parseInt(text(block, 124, 12).trim() || '0', 8);
  return Number.isFinite(value) ? value : null;
}

export async function indexPlainTar(path: string, maxMembers = 100_000): Promise<TarMember[] | null> {
  const handle = await open(path, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const block = Buffer.alloc(BLOCK);
    const members: TarMember[] = [];
    let offset = 0;
    while (offset + BLOCK <= fileSize) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK) return null;
      if (block.every((b) => b === 0)) return members;
      if (!isTarHeader(block) || members.length >= maxMembers) return null;
      const type = String.fromCharCode(block[156]);
      const size = sizeOf(block);
      if (!PLAIN_TYPES.has(type) || size === null) return null;
      const prefix = text(block, 257, 6) === 'ustar' ? text(block, 345, 155) : '';
      const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
      const dataStart = offset + BLOCK;
      if (dataStart + size > fileSize) return null;
      members.push({ name, type, dataStart, size });
      offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    }
    return members;
  } finally {
    await handle.close();
  }
}
