import { pipeline, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import * as yauzl from 'yauzl';
import type { EntrySink } from './entry-sink';
import { CorruptArchiveError, LimitExceededError, messageOf } from './extraction-errors';

const S_IFMT = 0o170000;
const MAX_LINK_TARGET = 4096;

/**
 * Reads a zip (jar, war, whl, nupkg, ...) through its central directory. Names are decoded here
 * rather than by yauzl, because yauzl's own check closes the whole zip on the first absolute or `..`
 * name, and the other entries must still be extracted; getFileNameLowLevel keeps yauzl's decoding
 * (UTF-8 flag, Info-ZIP unicode path field, CP437 otherwise). A broken entry costs only that entry.
 */
export async function readZip(path: string, sink: EntrySink, signal?: AbortSignal): Promise<void> {
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };
  const zip = await yauzl.openPromise(path, options).catch((error: unknown) => {
    throw new CorruptArchiveError(`not a readable zip: ${messageOf(error)}`);
  });
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      try {
        await readEntry(zip, entry, name, sink);
      } catch (error) {
        if (error instanceof LimitExceededError || signal?.aborted) throw error;
        sink.problem(`corrupt entry: ${messageOf(error)}`, name);
      }
    }
  } finally {
    zip.close();
  }
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, sink: EntrySink): Promise<void> {
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
  const content = pipeline(await openReadStream(zip, entry), crcCheck(entry.crc32), () => undefined);
  if (type === 0o120000) return sink.symlink(name, await readSmall(content));
  await sink.file(name, content, mode);
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
