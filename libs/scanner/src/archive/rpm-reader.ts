import { Readable } from 'node:stream';
import { ByteReader } from './byte-reader';
import { compressionOf, decompress } from './compression';
import { cpioFormatOf } from './cpio-header';
import { readCpio } from './cpio-reader';
import type { EntrySink } from './entry-sink';
import { CorruptArchiveError } from './extraction-errors';

const LEAD = 96;
const HEADER_MAGIC = 0x8eade8;
const MAX_HEADER = 256 * 1024 * 1024;

/**
 * Reads an rpm's payload: a 96-byte lead, a signature header (padded to 8 bytes), the main header,
 * then a compressed cpio archive. Only the header sizes are parsed; the payload compressor is taken
 * from its magic bytes rather than from the PAYLOADCOMPRESSOR tag, which old rpms omit and which
 * cannot disagree with what the bytes are.
 */
export async function readRpm(input: AsyncIterable<Buffer>, sink: EntrySink): Promise<void> {
  const reader = ByteReader.of(input);
  const lead = await reader.read(LEAD);
  if (lead.readUInt32BE(0) !== 0xedabeedb) throw new CorruptArchiveError('not an rpm (bad lead magic)');
  await skipHeader(reader, 'signature');
  await reader.skip((8 - (reader.position % 8)) % 8);
  await skipHeader(reader, 'main');
  const head = await peek(reader);
  const compression = compressionOf(head.bytes);
  if (!compression && !cpioFormatOf(head.bytes)) {
    throw new CorruptArchiveError('unsupported rpm payload compression (only gzip, bzip2, xz, zstd and none)');
  }
  const payload = Readable.from(head.rest, { objectMode: false });
  await readCpio(compression ? decompress(payload, compression) : payload, sink);
}

async function skipHeader(reader: ByteReader, which: string): Promise<void> {
  const intro = await reader.read(16);
  if (intro.readUInt32BE(0) >>> 8 !== HEADER_MAGIC) throw new CorruptArchiveError(`corrupt rpm ${which} header`);
  const indexCount = intro.readUInt32BE(8);
  const dataSize = intro.readUInt32BE(12);
  const size = indexCount * 16 + dataSize;
  if (size > MAX_HEADER) throw new CorruptArchiveError(`rpm ${which} header too large`);
  await reader.skip(size);
}

/** The first bytes of the payload, and the whole payload again as one stream. */
async function peek(reader: ByteReader): Promise<{ bytes: Buffer; rest: AsyncGenerator<Buffer> }> {
  const bytes = (await reader.atEnd()) ? Buffer.alloc(0) : await reader.read(6).catch(() => Buffer.alloc(0));
  async function* rest(): AsyncGenerator<Buffer> {
    yield bytes;
    yield* reader.rest();
  }
  return { bytes, rest: rest() };
}
