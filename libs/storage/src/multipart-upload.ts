import type { Client } from 'minio';
import type { Readable } from 'node:stream';
import { ObjectSizeMismatchError } from './storage.errors';

/** S3's rules: parts of 5 MiB to 5 GiB (the last may be smaller), at most 10 000 parts. */
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_SIZE = 5 * 1024 * 1024 * 1024;
const MAX_PARTS = 10_000;

export interface UploadTarget {
  client: Client;
  bucket: string;
  key: string;
  contentType: string;
}

/**
 * Part size for each part number. With a known size, one size that fits in 10 000 parts. Without
 * one, the size doubles every 1000 parts: small uploads stay cheap in memory and an 8 MiB start
 * still reaches S3's 5 TiB object limit before running out of part numbers.
 */
export function partSizer(basePartSize: number, expectedSize?: number): (partNumber: number) => number {
  const base = Math.max(MIN_PART_SIZE, basePartSize);
  if (expectedSize !== undefined) {
    const size = Math.min(MAX_PART_SIZE, Math.max(base, Math.ceil(expectedSize / MAX_PARTS)));
    return () => size;
  }
  return (n) => Math.min(MAX_PART_SIZE, base * 2 ** Math.floor((n - 1) / 1000));
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  // A stream with setEncoding() yields text; UTF-8 is the only sensible way back to bytes.
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  throw new TypeError('upload body must yield Buffers, Uint8Arrays or strings');
}

/**
 * Cuts the body into parts of exactly `sizeFor(n)` bytes (the last one shorter). A full part is held
 * back until one more byte arrives or the body ends, so that `last` is known without reading a
 * whole extra part ahead; that is what lets a small body go out as one plain PUT.
 */
async function* readParts(body: Readable, sizeFor: (n: number) => number): AsyncGenerator<{ data: Buffer; last: boolean }> {
  let partNumber = 1;
  let target = sizeFor(partNumber);
  let pieces: Buffer[] = [];
  let filled = 0;
  let full: Buffer | undefined;
  for await (const raw of body) {
    let chunk = toBuffer(raw);
    while (chunk.length > 0) {
      if (full) {
        yield { data: full, last: false };
        full = undefined;
      }
      const take = Math.min(chunk.length, target - filled);
      pieces.push(chunk.subarray(0, take));
      filled += take;
      chunk = chunk.subarray(take);
      if (filled === target) {
        full = Buffer.concat(pieces, filled);
        pieces = [];
        filled = 0;
        target = sizeFor(++partNumber);
      }
    }
  }
  yield { data: full ?? Buffer.concat(pieces, filled), last: true };
}

function checkSize(key: string, expected: number | undefined, actual: number): void {
  if (expected !== undefined && expected !== actual) throw new ObjectSizeMismatchError(key, expected, actual);
}

/**
 * Streams `body` to S3 holding at most two parts in memory: one on the wire, one filling.
 *
 * Not minio's putObject: for a stream of unknown size it picks parts of ~500 MiB (sized for 5 TiB)
 * and buffers each whole, and before every multipart upload it lists the bucket's incomplete
 * uploads (to resume one for the same key), which s3rver does not implement and which would let two
 * concurrent uploads of one key share an upload id.
 */
export async function uploadStream(
  target: UploadTarget,
  body: Readable,
  opts: { partSize: number; expectedSize?: number },
): Promise<{ size: number }> {
  const { client, bucket, key } = target;
  const headers = { 'Content-Type': target.contentType };
  const etags: { part: number; etag: string }[] = [];
  let uploadId: string | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  let size = 0;
  let partNumber = 0;
  try {
    for await (const { data, last } of readParts(body, partSizer(opts.partSize, opts.expectedSize))) {
      size += data.length;
      partNumber++;
      if (partNumber === 1 && last) {
        checkSize(key, opts.expectedSize, size);
        await client.putObject(bucket, key, data, data.length, headers);
        return { size };
      }
      uploadId ??= await client.initiateNewMultipartUpload(bucket, key, headers);
      await inFlight;
      if (failure) throw failure.error;
      const part = { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber, headers: {} };
      // The rejection is captured at once: an unobserved one would crash the process while we read.
      inFlight = client.uploadPart(part, data).then(
        (res) => void etags.push({ part: part.partNumber, etag: res.etag }),
        (error: unknown) => void (failure ??= { error }),
      );
    }
    await inFlight;
    if (failure) throw failure.error;
    checkSize(key, opts.expectedSize, size);
    if (uploadId === undefined) throw new Error('BUG: multipart upload without an upload id');
    await client.completeMultipartUpload(bucket, key, uploadId, etags);
    return { size };
  } catch (error) {
    await inFlight;
    // Best effort: a leftover upload only costs space, and the caller needs the original error.
    if (uploadId !== undefined) await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw error;
  }
}
