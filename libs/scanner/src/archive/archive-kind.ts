import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchiveKind } from './extraction-types';
import { compressionOf } from './compression';
import { isCpioHeader } from './cpio-header';
import { isTarHeader } from './tar-header';

/** Bytes of the head that archiveKind looks at (a tar header is 512 bytes). */
export const ARCHIVE_HEAD_BYTES = 512;

// Packaging formats that are zip files under another name.
const ZIP_EXTENSIONS = ['.zip', '.jar', '.war', '.ear', '.whl', '.egg', '.nupkg', '.apk', '.xpi', '.aar', '.sar'];
// Names that promise a tar inside a compressor, so the kind is tar rather than the compressor.
const COMPRESSED_TAR = /\.(tar\.(gz|gzip|bz2|bzip2|xz|zst|zstd)|tgz|tbz2?|txz|tzst)$/i;
const DEB_EXTENSIONS = ['.deb', '.udeb', '.ddeb'];

/**
 * The archive format of a file, from its first bytes (at least ARCHIVE_HEAD_BYTES when the file is
 * that long). Magic bytes decide; the name only breaks ties (a gzip named .tgz is a tar inside gzip,
 * an ar named .deb or starting with debian-binary is a deb, a zip family name with an unknown head
 * may be a self-extracting zip whose directory sits at the end).
 */
export function archiveKind(path: string, head: Buffer): ArchiveKind | null {
  const name = basename(path).toLowerCase();
  const ext = extensionOf(name);
  if (startsWith(head, 'PK\x03\x04') || startsWith(head, 'PK\x05\x06') || startsWith(head, 'PK\x07\x08')) return 'zip';
  if (startsWith(head, '!<arch>\n')) {
    return DEB_EXTENSIONS.includes(ext) || head.subarray(8, 21).toString('latin1') === 'debian-binary' ? 'deb' : 'ar';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0xedabeedb) return 'rpm';
  if (head.length >= 6 && head.subarray(0, 6).equals(SEVEN_ZIP_MAGIC)) return '7z';
  if (isCpioHeader(head)) return 'cpio';
  if (isTarHeader(head)) return 'tar';
  const compression = compressionOf(head);
  if (compression) return COMPRESSED_TAR.test(name) ? 'tar' : compression;
  if (ZIP_EXTENSIONS.includes(ext)) return 'zip';
  return null;
}

const SEVEN_ZIP_MAGIC = Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);

function startsWith(head: Buffer, magic: string): boolean {
  return head.length >= magic.length && head.subarray(0, magic.length).toString('latin1') === magic;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** The first ARCHIVE_HEAD_BYTES of a file, or of the range from `start` to `end` (fewer when it is shorter). */
export async function readArchiveHead(path: string, start = 0, end = Infinity): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.max(0, Math.min(ARCHIVE_HEAD_BYTES, end - start)));
    const { bytesRead } = await handle.read(head, 0, head.length, start);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
