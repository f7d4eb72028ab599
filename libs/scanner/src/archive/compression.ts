import { Transform, pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';
import { bunzip2 } from './bzip2-stream';
import { XzReadableStream } from 'xz-decompress';

export type Compression = 'gzip' | 'bzip2' | 'xz' | 'zstd';

/** The single-stream compressor whose magic starts `head`, if any. */
export function compressionOf(head: Buffer): Compression | null {
  if (head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08) return 'gzip';
  if (head.length >= 4 && head.subarray(0, 3).toString('latin1') === 'BZh' && head[3] >= 0x31 && head[3] <= 0x39) {
    return 'bzip2';
  }
  if (head.length >= 6 && head.subarray(0, 6).equals(XZ_MAGIC)) return 'xz';
  if (head.length >= 4 && head.readUInt32LE(0) === 0xfd2fb528) return 'zstd';
  return null;
}

const XZ_MAGIC = Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]);

/** Wraps `input` in a streaming decompressor; errors on either side surface on the returned stream. */
export function decompress(input: Readable, compression: Compression): Readable {
  switch (compression) {
    case 'gzip':
      // createGunzip reads concatenated members too (Alpine .apk files are three gzip members).
      return pipeline(input, createGunzip(), ignore);
    case 'bzip2':
      return Readable.from(bunzip2(input), { objectMode: false });
    case 'zstd':
      return Readable.from(unzstd(input), { objectMode: false });
    case 'xz':
      // xz-decompress speaks WHATWG streams only.
      return pipeline(
        Readable.fromWeb(new XzReadableStream(Readable.toWeb(input) as ReadableStream<Uint8Array>)),
        asBuffers(),
        ignore,
      );
  }
}

function ignore(): void {
  // pipeline() needs a callback; errors reach the consumer through the destroyed last stream.
}

/**
 * fzstd decodes every complete block of a pushed chunk at once, and one 4-byte RLE block expands to
 * 128 KiB; feeding it small slices and yielding in between keeps a zstd bomb's memory bounded and
 * gives the consumer's byte budget a chance to stop it.
 */
async function* unzstd(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const output: Buffer[] = [];
  // fzstd may reuse its output buffer between calls, so every chunk is copied.
  const decoder = new Decompress((data) => output.push(Buffer.from(data)));
  for await (const chunk of input) {
    for (let start = 0; start < chunk.length; start += ZSTD_SLICE) {
      decoder.push(chunk.subarray(start, start + ZSTD_SLICE));
      yield* output.splice(0);
    }
  }
  decoder.push(new Uint8Array(0), true);
  yield* output.splice(0);
}

const ZSTD_SLICE = 256;

/** Readable.fromWeb yields Uint8Arrays; the readers slice Buffers. */
function asBuffers(): Transform {
  return new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      done(null, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
  });
}
