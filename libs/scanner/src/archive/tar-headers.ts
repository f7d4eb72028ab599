/**
 * The entries of an uncompressed tar read from their headers alone, each with the offset of its
 * data in the file: what a tar holds can then be used in place (an image layer's files read as
 * byte ranges of the layer) instead of being written out one file at a time. The data blocks are
 * skipped, never read, except the small ones of pax and GNU long-name headers.
 * Hand-written: tar-stream, which the extractor uses, streams every byte of the archive through
 * JavaScript to reach the next header. The header semantics are tar-stream's (ustar prefix, GNU
 * and pax long names and sizes, the global pax header, an all-zero block skipped, the old
 * trailing-slash directories), so that a tar read here gives the entries the extractor would write.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { ByteRange } from './extraction-types';
import { CorruptArchiveError } from './extraction-errors';

export type TarEntryType = 'file' | 'contiguous-file' | 'link' | 'symlink' | 'character-device' | 'block-device' | 'directory' | 'fifo';

export interface TarHeaderEntry {
  /** The entry's name as the archive gives it (long names and pax paths applied). */
  name: string;
  /** tar-stream's type name; null for a type flag it does not know. */
  type: TarEntryType | null;
  /** The raw type flag, for messages about unknown types. */
  typeFlag: number;
  mode: number;
  size: number;
  /** Offset of the entry's first data byte in the file. */
  dataStart: number;
  linkname: string | null;
}

/** An entry whose data runs past the end of the archive. */
export class TruncatedEntryError extends Error {
  override readonly name = 'TruncatedEntryError';
  constructor(readonly entry: string) {
    super('Unexpected end of data');
  }
}

const BLOCK = 512;
const WINDOW = 64 * 1024;
/** Long names and pax records are read whole: more than this is no header we want in memory. */
const MAX_LONG_HEADER_BYTES = 1024 * 1024;
const LONG_HEADER_TYPES = new Set([72, 55, 27, 28, 30]);

const TYPES: Record<number, TarEntryType> = {
  0: 'file', 1: 'link', 2: 'symlink', 3: 'character-device', 4: 'block-device', 5: 'directory', 6: 'fifo', 7: 'contiguous-file',
};

/** Reads a file through a window, so that thousands of headers cost few system calls. */
class WindowReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;

  constructor(private readonly fd: number, readonly end: number) {}

  /** `length` bytes at `offset`, or fewer at the end of the range. */
  read(offset: number, length: number): Buffer {
    if (offset >= this.windowStart && offset + length <= this.windowStart + this.window.length) {
      return this.window.subarray(offset - this.windowStart, offset - this.windowStart + length);
    }
    const want = Math.max(0, Math.min(Math.max(WINDOW, length), this.end - offset));
    const buffer = Buffer.allocUnsafe(want);
    let got = 0;
    while (got < want) {
      const n = readSync(this.fd, buffer, got, want - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    this.window = buffer.subarray(0, got);
    this.windowStart = offset;
    return this.window.subarray(0, Math.min(length, got));
  }
}

function decodeString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const nul = field.indexOf(0);
  return field.subarray(0, nul < 0 ? field.length : nul).toString('utf8');
}

/** An octal field, or base-256 when its first byte has the high bit (tar-stream's decodeOct). */
function decodeNumber(block: Buffer, start: number, length: number): number {
  const field = block.subarray(start, start + length);
  if (field[0] & 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i];
    return value;
  }
  let i = 0;
  while (i < field.length && field[i] === 32) i++;
  let end = field.indexOf(32, i);
  if (end < 0) end = field.length;
  while (i < end && field[i] === 0) i++;
  if (end === i) return 0;
  return parseInt(field.subarray(i, end).toString('latin1'), 8);
}

function checksumOf(block: Buffer): number {
  let sum = 8 * 32;
  for (let i = 0; i < BLOCK; i++) if (i < 148 || i >= 156) sum += block[i];
  return sum;
}

const USTAR = Buffer.from('ustar\0', 'latin1');
const GNU = Buffer.from('ustar ', 'latin1');

/** pax records (`<length> <key>=<value>\n`), as tar-stream reads them. */
function decodePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let rest = data;
  while (rest.length) {
    let i = 0;
    while (i < rest.length && rest[i] !== 32) i++;
    const length = parseInt(rest.subarray(0, i).toString('latin1'), 10);
    if (!length) return out;
    const record = rest.subarray(i + 1, length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq < 0) return out;
    out[record.slice(0, eq)] = record.slice(eq + 1);
    rest = rest.subarray(length);
  }
  return out;
}

interface PendingLongHeaders {
  gnuPath: string | null;
  gnuLink: string | null;
  pax: Record<string, string> | null;
  paxGlobal: Record<string, string> | null;
}

/**
 * Every entry of the tar in `path` (or in `range` of it), in archive order. Throws a
 * CorruptArchiveError for a header that does not add up, and a TruncatedEntryError (after the
 * entries before it) for an entry whose data the file does not hold.
 */
export function* tarHeaders(path: string, range?: ByteRange): Generator<TarHeaderEntry> {
  const fd = openSync(path, 'r');
  try {
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? Infinity, fstatSync(fd).size);
    const reader = new WindowReader(fd, end);
    const long: PendingLongHeaders = { gnuPath: null, gnuLink: null, pax: null, paxGlobal: null };
    let offset = start;
    for (;;) {
      const block = reader.read(offset, BLOCK);
      if (block.length === 0) return;
      if (block.length < BLOCK) throw new CorruptArchiveError('corrupt or truncated tar: Unexpected end of data');
      offset += BLOCK;
      const entry = decodeHeader(block, offset);
      if (!entry) continue;
      if (!(entry.size >= 0)) throw new CorruptArchiveError('corrupt or truncated tar: Invalid header');
      if (LONG_HEADER_TYPES.has(entry.typeFlag)) {
        if (entry.size > MAX_LONG_HEADER_BYTES) throw new CorruptArchiveError(`corrupt or truncated tar: a long-name header of ${entry.size} bytes`);
        const data = reader.read(offset, entry.size);
        if (data.length < entry.size) throw new CorruptArchiveError('corrupt or truncated tar: Unexpected end of data');
        readLongHeader(entry.typeFlag, Buffer.from(data), long);
        offset += Math.ceil(entry.size / BLOCK) * BLOCK;
        continue;
      }
      applyLongHeaders(entry, long);
      const dataBlocks = entry.size === 0 || entry.type === 'directory' ? 0 : Math.ceil(entry.size / BLOCK) * BLOCK;
      if (dataBlocks > 0 && offset + entry.size > end) throw new TruncatedEntryError(entry.name);
      yield entry;
      offset += dataBlocks;
    }
  } finally {
    closeSync(fd);
  }
}

function decodeHeader(block: Buffer, dataStart: number): TarHeaderEntry | null {
  const checksum = checksumOf(block);
  if (checksum === 8 * 32) return null;
  if (checksum !== decodeNumber(block, 148, 8)) throw new CorruptArchiveError('corrupt or truncated tar: Invalid tar header. Maybe the tar is corrupted or it needs to be gunzipped?');
  let typeFlag = block[156] === 0 ? 0 : block[156] - 48;
  let name = decodeString(block, 0, 100);
  const magic = block.subarray(257, 263);
  if (magic.equals(USTAR)) {
    if (block[345]) name = `${decodeString(block, 345, 155)}/${name}`;
  } else if (!(magic.equals(GNU) && block[263] === 0x20 && block[264] === 0)) {
    throw new CorruptArchiveError('corrupt or truncated tar: Invalid tar header: unknown format.');
  }
  if (typeFlag === 0 && name.endsWith('/')) typeFlag = 5;
  return {
    name,
    type: TYPES[typeFlag] ?? null,
    typeFlag,
    mode: decodeNumber(block, 100, 8),
    size: decodeNumber(block, 124, 12),
    dataStart,
    linkname: block[157] === 0 ? null : decodeString(block, 157, 100),
  };
}

function readLongHeader(typeFlag: number, data: Buffer, long: PendingLongHeaders): void {
  const text = () => decodeString(data, 0, data.length);
  if (typeFlag === 28 || typeFlag === 30) long.gnuPath = text();
  else if (typeFlag === 27) long.gnuLink = text();
  else if (typeFlag === 55) long.paxGlobal = decodePax(data);
  else if (typeFlag === 72) long.pax = long.paxGlobal === null ? decodePax(data) : { ...long.paxGlobal, ...decodePax(data) };
}

function applyLongHeaders(entry: TarHeaderEntry, long: PendingLongHeaders): void {
  if (long.gnuPath) entry.name = long.gnuPath;
  if (long.gnuLink) entry.linkname = long.gnuLink;
  long.gnuPath = null;
  long.gnuLink = null;
  if (long.pax) {
    if (long.pax.path) entry.name = long.pax.path;
    if (long.pax.linkpath) entry.linkname = long.pax.linkpath;
    if (long.pax.size) entry.size = parseInt(long.pax.size, 10);
    long.pax = null;
  }
}
