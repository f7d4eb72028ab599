import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** Read size per step: large enough for few syscalls, small enough to keep memory flat on big files. */
const CHUNK_BYTES = 1024 * 1024;

export interface ContentHashes {
  md5: string;
  sha1: string;
  sha256: string;
  sha512: string;
  sha1_git: string;
}

export interface HashedContent {
  hashes: ContentHashes;
  /** The first bytes of the file (up to `headBytes`), kept for libmagic and the binary/text sniffing. */
  head: Buffer;
  size: number;
}

/**
 * Hash a file in one streaming pass. sha1_git is git's blob id, sha1 over `blob <size>\0` and the
 * content, so the size must be known before the first byte: we take it from fstat and, should the
 * file change while we read it, hash the prefix once more with the real size.
 */
export async function hashFile(absPath: string, headBytes: number): Promise<HashedContent> {
  const handle = await open(absPath, 'r');
  try {
    const expected = (await handle.stat()).size;
    const hashers = ['md5', 'sha1', 'sha256', 'sha512'].map((algorithm) => createHash(algorithm));
    const git = createHash('sha1').update(`blob ${expected}\0`);
    const first = Buffer.allocUnsafe(Math.min(Math.max(expected, 1), CHUNK_BYTES, Math.max(headBytes, 1)));
    let head: Buffer = Buffer.alloc(0);
    let chunk: Buffer | undefined;
    let size = 0;
    for (;;) {
      const buffer = size === 0 ? first : (chunk ??= Buffer.allocUnsafe(CHUNK_BYTES));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      const data = buffer.subarray(0, bytesRead);
      for (const hasher of hashers) hasher.update(data);
      git.update(data);
      if (size === 0) head = data;
      size += bytesRead;
    }
    const [md5, sha1, sha256, sha512] = hashers.map((hasher) => hasher.digest('hex'));
    const sha1_git = size === expected ? git.digest('hex') : await gitBlobId(absPath, size);
    return { hashes: { md5, sha1, sha256, sha512, sha1_git }, head, size };
  } finally {
    await handle.close();
  }
}

async function gitBlobId(absPath: string, size: number): Promise<string> {
  const handle = await open(absPath, 'r');
  try {
    const git = createHash('sha1').update(`blob ${size}\0`);
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let offset = 0; offset < size; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - offset), offset);
      if (bytesRead === 0) break;
      git.update(buffer.subarray(0, bytesRead));
      offset += bytesRead;
    }
    return git.digest('hex');
  } finally {
    await handle.close();
  }
}
