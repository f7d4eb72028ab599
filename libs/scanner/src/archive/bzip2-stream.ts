import bitIterator from 'unbzip2-stream/lib/bit_iterator';
import bzip2 from 'unbzip2-stream/lib/bzip2';
import { CorruptArchiveError } from './extraction-errors';

const OUTPUT_CHUNK = 64 * 1024;

/**
 * Streaming bzip2 decoding on unbzip2-stream's block decoder. Its own stream wrapper decodes every
 * block buffered input allows inside one synchronous write, collecting output one JS number per byte,
 * so a bzip2 bomb (45 MB per 40-byte block) exhausts memory before any limit can react. Driving the
 * decoder one block at a time and yielding between blocks bounds memory to one block and lets the
 * consumer's byte budget stop it.
 */
export async function* bunzip2(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const source = input[Symbol.asyncIterator]();
  const queue: Buffer[] = [];
  let received = 0;
  let ended = false;
  const nextBuffer = (): Buffer => {
    const buffer = queue.shift();
    if (!buffer) throw new CorruptArchiveError('bzip2 data ends early');
    return buffer;
  };
  let bits: ReturnType<typeof bitIterator> | undefined;
  let blockSize = 0;
  let streamCrc: number | null = null;
  let scratch = new Int32Array(0);
  for (;;) {
    // A whole compressed block must be buffered before the synchronous decoder starts on it.
    const wanted = 25_000 + 100_000 * blockSize;
    while (!ended && received - (bits?.bytesRead ?? 0) < wanted) {
      const next = await source.next();
      if (next.done) ended = true;
      else if (next.value.length > 0) {
        queue.push(next.value);
        received += next.value.length;
      }
    }
    if (!bits) {
      if (received === 0) return;
      bits = bitIterator(nextBuffer);
    }
    if (ended && bits.bytesRead >= received) {
      if (streamCrc !== null) throw new CorruptArchiveError('bzip2 data ends early');
      return;
    }
    if (blockSize === 0) {
      blockSize = bzip2.header(bits);
      streamCrc = 0;
      if (scratch.length !== blockSize * 100_000) scratch = new Int32Array(blockSize * 100_000);
      continue;
    }
    const output = new ChunkedOutput();
    streamCrc = bzip2.decompress(bits, output.write, scratch, scratch.length, streamCrc ?? 0);
    if (streamCrc === null) blockSize = 0; // end of one bzip2 stream; another may follow
    yield* output.chunks();
  }
}

class ChunkedOutput {
  private readonly full: Buffer[] = [];
  private current = Buffer.allocUnsafe(OUTPUT_CHUNK);
  private used = 0;

  readonly write = (byte: number): void => {
    this.current[this.used++] = byte;
    if (this.used === OUTPUT_CHUNK) {
      this.full.push(this.current);
      this.current = Buffer.allocUnsafe(OUTPUT_CHUNK);
      this.used = 0;
    }
  };

  chunks(): Buffer[] {
    return this.used > 0 ? [...this.full, this.current.subarray(0, this.used)] : this.full;
  }
}
