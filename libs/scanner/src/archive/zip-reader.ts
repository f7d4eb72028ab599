import { pipeline, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import * as yauzl from 'yauzl';
import type { EntrySink, MemberPlace } from './entry-sink';
import { CorruptArchiveError, LimitExceededError, messageOf } from './extraction-errors';

const S_IFMT = 0o170000;
/** Zips up to this size are read from memory (see readZip). */
const IN_MEMORY_ZIP_BYTES = 256 * 1024 * 1024;
const MAX_LINK_TARGET = 4096;

/**
 * Reads a zip (jar, war, whl, nupkg, ...) through its central directory. Names are decoded here
 * rather than by yauzl, because yauzl's own check closes the whole zip on the first absolute or `..`
 * name, and the other entries must still be extracted; getFileNameLowLevel keeps yauzl's decoding
 * (UTF-8 flag, Info-ZIP unicode path field, CP437 otherwise). A broken entry costs only that entry.
 */
export async function readZip(path: string, sink: EntrySink, signal?: AbortSignal): Promise<void> {
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
  // A zip of ordinary size is read into memory once: read from the file, every entry costs
  // two thread-pool round trips (its local header, then its data), and an npm tree is 18,000 entries.
  const buffer = (await stat(path)).size <= IN_MEMORY_ZIP_BYTES ? await readFile(path) : null;
  const opened = buffer ? yauzl.fromBufferPromise(buffer, options) : yauzl.openPromise(path, options);
  const zip = await opened.catch((error: unknown) => {
    throw new CorruptArchiveError(`not a readable zip: ${messageOf(error)}`);
  });
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      try {
        await readEntry(zip, entry, name, sink, buffer, path);
      } catch (error) {
        if (error instanceof LimitExceededError || signal?.aborted) throw error;
        sink.problem(`corrupt entry: ${messageOf(error)}`, name);
      }
    }
  } finally {
    zip.close();
  }
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, sink: EntrySink, buffer: Buffer | null, zipPath: string): Promise<void> {
  const mode = entry.versionMadeBy >> 8 === 3 ? entry.externalFileAttributes >>> 16 : 0;
  const type = mode & S_IFMT;
  if (name.endsWith('/') || type === 0o040000) return sink.directory(name);
  if (entry.isEncrypted()) return sink.problem('encrypted entry not extracted', name);
  if (!entry.canDecodeFileData()) {
    return sink.problem(`unsupported compression method ${entry.compressionMethod}; entry not extracted`, name);
  }
  if (type === 0o020000 || type === 0o060000 || type === 0o010000 || type === 0o140000) {
    return sink.skip(name, 'device, FIFO or socket not extracted');
  }
  if (buffer && entry.uncompressedSize <= SYNC_MEMBER_BYTES) {
    if (type === 0o120000) return sink.symlink(name, readSmallMember(buffer, entry));
    if (sink.fileInPlace) return sink.fileInPlace(name, memberPlace(zipPath, buffer, entry), mode);
    // Inflated in one call when the sink reads it, so that a corrupt member fails inside the
    // sink's read exactly as the stream below would.
    return sink.file(name, memberChunks(buffer, entry), mode);
  }
  const content = pipeline(await openReadStream(zip, entry), crcCheck(entry.crc32), () => undefined);
  if (type === 0o120000) return sink.symlink(name, await readSmall(content));
  await sink.file(name, content, mode);
}

/** Members up to this size of a zip read from memory are inflated in one synchronous call (no stream per entry). */
const SYNC_MEMBER_BYTES = 64 * 1024 * 1024;
const MEMBER_CHUNK = 1024 * 1024;

/**
 * A member's bytes from the zip in memory, checked as yauzl and crcCheck check a stream: the
 * local header, the sizes and the CRC.
 */
function memberData(buffer: Buffer, entry: yauzl.Entry): Buffer {
  const start = memberStart(buffer, entry);
  const raw = buffer.subarray(start, start + entry.compressedSize);
  let data: Buffer;
  try {
    data = entry.compressionMethod === 0 ? raw : inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`too many bytes in the stream. expected ${entry.uncompressedSize}`);
    throw error;
  }
  if (data.length !== entry.uncompressedSize) throw new Error(`not enough bytes in the stream. expected ${entry.uncompressedSize}. got only ${data.length}`);
  if (crc32(data) >>> 0 !== entry.crc32 >>> 0) throw new Error('CRC-32 mismatch');
  return data;
}

/** Where a member's data starts, past its local header, checked as yauzl checks it. */
function memberStart(buffer: Buffer, entry: yauzl.Entry): number {
  const at = entry.relativeOffsetOfLocalHeader;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) throw new Error(`invalid local file header signature at ${at}`);
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw new Error('file data overflows file bounds');
  return start;
}

/** A member left in the zip: where its data is (its sizes and CRC are checked when it is read). */
function memberPlace(zipPath: string, buffer: Buffer, entry: yauzl.Entry): MemberPlace {
  const offset = memberStart(buffer, entry);
  const place: MemberPlace = { source: zipPath, offset, size: entry.uncompressedSize, crc32: entry.crc32 >>> 0 };
  if (entry.compressionMethod !== 0) place.deflated = entry.compressedSize;
  else if (entry.compressedSize !== entry.uncompressedSize) throw new Error(`a stored member of ${entry.compressedSize} bytes declares ${entry.uncompressedSize}`);
  return place;
}

function* memberChunks(buffer: Buffer, entry: yauzl.Entry): Generator<Buffer> {
  const data = memberData(buffer, entry);
  for (let i = 0; i < data.length; i += MEMBER_CHUNK) yield data.subarray(i, i + MEMBER_CHUNK);
}

function readSmallMember(buffer: Buffer, entry: yauzl.Entry): string {
  if (entry.uncompressedSize > MAX_LINK_TARGET) throw new Error('symlink target too long');
  return memberData(buffer, entry).toString('utf8');
}

/** yauzl checks sizes but not CRCs; a mismatch means the member is corrupt. */
function crcCheck(expected: number): Transform {
  let crc = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc >>> 0 === expected >>> 0 ? null : new Error('CRC-32 mismatch'));
    },
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const settle = (): void => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry): void => (settle(), resolve(entry));
    const onEnd = (): void => (settle(), resolve(null));
    const onError = (error: Error): void => {
      settle();
      reject(new CorruptArchiveError(`corrupt zip central directory: ${error.message}`));
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openReadStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

async function readSmall(content: Readable): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    size += (chunk as Buffer).length;
    if (size > MAX_LINK_TARGET) throw new Error('symlink target too long');
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}
