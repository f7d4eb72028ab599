import { CorruptArchiveError } from './extraction-errors';

/**
 * Pull-based reading of exact byte counts from a stream, for the formats parsed by hand (ar, cpio,
 * rpm, and 7-Zip's concatenated output). Entry data is handed out as a generator of chunks so that
 * no member is ever held in memory whole.
 */
export class ByteReader {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private ended = false;
  /** Bytes handed out or skipped so far: the offset of the next byte in the stream. */
  position = 0;

  constructor(private readonly source: AsyncIterator<Buffer | Uint8Array>) {}

  static of(stream: AsyncIterable<Buffer | Uint8Array>): ByteReader {
    return new ByteReader(stream[Symbol.asyncIterator]());
  }

  /** True once every byte has been read. */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }

  /** Exactly `count` bytes (small headers only); a shorter remainder means a truncated archive. */
  async read(count: number): Promise<Buffer> {
    if (!(await this.fill(count))) throw new CorruptArchiveError('archive ends early (truncated)');
    const parts: Buffer[] = [];
    let left = count;
    while (left > 0) {
      const part = this.take(left);
      parts.push(part);
      left -= part.length;
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  /** The next `count` bytes as chunks; the reader moves on as they are consumed. */
  async *chunks(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (!(await this.fill(1))) throw new CorruptArchiveError('archive ends early (truncated)');
      const part = this.take(left);
      left -= part.length;
      yield part;
    }
  }

  async skip(count: number): Promise<void> {
    for await (const _ of this.chunks(count)) {
      // discarded
    }
  }

  /** Everything that is left, for a payload handed to another decoder (rpm). */
  async *rest(): AsyncGenerator<Buffer> {
    while (await this.fill(1)) yield this.take(this.queued);
  }

  private async fill(count: number): Promise<boolean> {
    while (this.queued < count && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        const value = next.value;
        const buffer = Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        this.queue.push(buffer);
        this.queued += buffer.length;
      }
    }
    return this.queued >= count;
  }

  private take(max: number): Buffer {
    const first = this.queue[0];
    const part = first.length <= max ? first : first.subarray(0, max);
    if (part === first) this.queue.shift();
    else this.queue[0] = first.subarray(max);
    this.queued -= part.length;
    this.position += part.length;
    return part;
  }
}
