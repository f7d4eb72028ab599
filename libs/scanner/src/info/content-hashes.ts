import { createHash, hash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { readAt, readRange, withSource, type FileRange } from '../archive/archive-tree';

/** Read size per step: large enough for few syscalls, small enough to keep memory flat on big files. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A file's digests as ScanCode's file info gives them (scancode.api.get_file_info: sha1, md5,
 * sha256 and git's blob id). ScanCode.io stores no sha512 for a resource: only its inputs and
 * packages have one (see inputDigests).
 */
export interface ContentHashes {
  md5: string;
  sha1: string;
  sha256: string;
  sha1_git: string;
}

/** The digests of the file info, in one pass over the content. */
const FILE_DIGESTS = ['md5', 'sha1', 'sha256'] as const;

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
    const hashers = FILE_DIGESTS.map((algorithm) => createHash(algorithm));
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
    const [md5, sha1, sha256] = hashers.map((hasher) => hasher.digest('hex'));
    const sha1_git = size === expected ? git.digest('hex') : await gitBlobId(absPath, size);
    return { hashes: { md5, sha1, sha256, sha1_git }, head, size };
  } finally {
    await handle.close();
  }
}

/** What ScanCode.io's collect_input_information records of an input: its size and md5, sha1, sha256 and sha512, in one streaming pass. */
export async function inputDigests(absPath: string): Promise<{ size: number; md5: string; sha1: string; sha256: string; sha512: string }> {
  const hashers = (['md5', 'sha1', 'sha256', 'sha512'] as const).map((algorithm) => createHash(algorithm));
  const size = await hashStream(absPath, hashers);
  const [md5, sha1, sha256, sha512] = hashers.map((hasher) => hasher.digest('hex'));
  return { size, md5, sha1, sha256, sha512 };
}

async function gitBlobId(absPath: string, size: number): Promise<string> {
  const git = createHash('sha1').update(`blob ${size}\0`);
  await hashStream(absPath, [git], size);
  return git.digest('hex');
}

/** Feeds `hashers` a file's bytes (its first `limit` of them) in chunks; returns how many there were. */
async function hashStream(absPath: string, hashers: Hash[], limit = Infinity): Promise<number> {
  const handle = await open(absPath, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let size = 0;
    while (size < limit) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, limit - size), size);
      if (bytesRead === 0) break;
      for (const hasher of hashers) hasher.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return size;
  } finally {
    await handle.close();
  }
}

/** Files up to this size are read whole in one call; larger ones are hashed in chunks. */
const WHOLE_READ_BYTES = 8 * 1024 * 1024;

export interface ReadFileContent extends HashedContent {
  /** The whole content when the file is at most `contentLimit` bytes, else null. */
  content: Buffer | null;
}

interface ReadOptions {
  contentLimit: number;
  headBytes: number;
  hash: boolean;
}

/**
 * Synchronous single-pass read for the scan workers (one file at a time per worker, so there is
 * nothing to overlap and the promise/thread-pool round trips of fs/promises only cost time).
 * Opens without following symlinks and without blocking on FIFOs; returns null when the path is
 * not a regular file. The content read once serves hashing, libmagic and the text scanners.
 * `hash: false` skips the digests (the hashes are then empty strings). With `range`, the file's
 * bytes are that range of another file, and `absPath` only names it.
 */
export function readFileContent(absPath: string, opts: ReadOptions, range?: FileRange): ReadFileContent | null {
  // A zip member read in place: inflated and its CRC checked whole.
  if (range && (range.deflated !== undefined || range.crc32 !== undefined)) return fromBytes(readRange(range), opts);
  if (range) return withSource(range.path, (fd) => readRegion(fd, range.start, range.size, opts, false));
  const fd = openSync(absPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    return readRegion(fd, 0, st.size, opts, true);
  } finally {
    closeSync(fd);
  }
}

/** A file whose bytes are already in memory (an inflated zip member). */
export function fromBytes(data: Buffer, opts: ReadOptions): ReadFileContent {
  const hashes = opts.hash ? digestBuffer(data) : EMPTY_HASHES;
  const head = data.length > opts.headBytes ? data.subarray(0, opts.headBytes) : data;
  return { hashes, head, size: data.length, content: data.length <= opts.contentLimit ? data : null };
}

/** `size` bytes at `base` of `fd`; `mayChange`: a file of its own, whose size is checked again. */
function readRegion(fd: number, base: number, expected: number, opts: ReadOptions, mayChange: boolean): ReadFileContent {
  const wantContent = expected <= opts.contentLimit;
  if (wantContent || expected <= WHOLE_READ_BYTES || !opts.hash) {
    const limit = wantContent || opts.hash ? expected : Math.min(expected, opts.headBytes);
    const data = readAt(fd, base, limit);
    const size = data.length;
    if (size === expected || !opts.hash) {
      const hashes = opts.hash ? digestBuffer(data) : EMPTY_HASHES;
      const head = data.length > opts.headBytes ? data.subarray(0, opts.headBytes) : data;
      return { hashes, head, size: opts.hash ? size : expected, content: wantContent ? data : null };
    }
    // The file shrank while we read it: fall through to the streaming pass below.
    if (!mayChange) throw new Error(`unexpected end of data: ${size} of ${expected} bytes`);
  }
  return { ...streamHashSync(fd, base, mayChange ? fstatSync(fd).size : expected, opts.headBytes, mayChange), content: null };
}

const EMPTY_HASHES: ContentHashes = { md5: '', sha1: '', sha256: '', sha1_git: '' };

function digestBuffer(data: Buffer): ContentHashes {
  return {
    md5: hash('md5', data, 'hex'),
    sha1: hash('sha1', data, 'hex'),
    sha256: hash('sha256', data, 'hex'),
    sha1_git: createHash('sha1').update(`blob ${data.length}\0`).update(data).digest('hex'),
  };
}

/**
 * Chunked hashing of a large region; for a file of its own (`mayChange`) the sha1_git prefix is
 * redone should the size change while reading, a range is read to its size exactly.
 */
function streamHashSync(fd: number, base: number, expected: number, headBytes: number, mayChange: boolean): HashedContent {
  const hashers = FILE_DIGESTS.map((algorithm) => createHash(algorithm));
  const git = createHash('sha1').update(`blob ${expected}\0`);
  const head = Buffer.allocUnsafe(Math.max(1, Math.min(headBytes, CHUNK_BYTES)));
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let headLength = 0;
  let size = 0;
  for (;;) {
    const buffer = size === 0 ? head : chunk;
    const want = mayChange ? buffer.length : Math.min(buffer.length, expected - size);
    if (want === 0) break;
    const n = readSync(fd, buffer, 0, want, base + size);
    if (n === 0) break;
    const data = buffer.subarray(0, n);
    for (const hasher of hashers) hasher.update(data);
    git.update(data);
    if (size === 0) headLength = n;
    size += n;
  }
  if (!mayChange && size !== expected) throw new Error(`unexpected end of data: ${size} of ${expected} bytes`);
  const [md5, sha1, sha256] = hashers.map((hasher) => hasher.digest('hex'));
  let sha1_git: string;
  if (size === expected) sha1_git = git.digest('hex');
  else {
    const again = createHash('sha1').update(`blob ${size}\0`);
    for (let offset = 0; offset < size; ) {
      const n = readSync(fd, chunk, 0, Math.min(chunk.length, size - offset), base + offset);
      if (n === 0) break;
      again.update(chunk.subarray(0, n));
      offset += n;
    }
    sha1_git = again.digest('hex');
  }
  return { hashes: { md5, sha1, sha256, sha1_git }, head: head.subarray(0, headLength), size };
}
