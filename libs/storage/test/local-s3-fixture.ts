import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { S3ObjectStorage, startLocalS3, type LocalS3, type S3ObjectStorageOptions } from '../src';

export const TEST_BUCKET = 'storage-test';

/** One test file's S3: a real s3rver on a random loopback port with its data in a temp directory. */
export interface TestS3 {
  s3: LocalS3;
  storage: S3ObjectStorage;
  /** Root of the server's data; objects of TEST_BUCKET live under `<dataDir>/storage-test`. */
  dataDir: string;
  /** Makes a scratch directory that close() removes. */
  scratch(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestS3(opts: S3ObjectStorageOptions = {}): Promise<TestS3> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sca-s3-data-'));
  const scratchDirs: string[] = [dataDir];
  const s3 = await startLocalS3({ directory: dataDir, bucket: TEST_BUCKET });
  const storage = new S3ObjectStorage({ ...s3, region: 'us-east-1', bucket: TEST_BUCKET }, opts);
  return {
    s3,
    storage,
    dataDir,
    async scratch() {
      const dir = await mkdtemp(join(tmpdir(), 'sca-s3-scratch-'));
      scratchDirs.push(dir);
      return dir;
    },
    async close() {
      await s3.close();
      await Promise.all(scratchDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/**
 * A stream of `size` deterministic pseudo-random bytes generated on demand (never held whole), in
 * chunks of 64 KiB, with no length the consumer could see in advance.
 */
export function generatedStream(size: number, seed = 1, onChunk?: (produced: number) => void): Readable {
  let state = seed >>> 0 || 1;
  let produced = 0;
  return Readable.from(
    (function* () {
      while (produced < size) {
        const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, size - produced));
        for (let i = 0; i < chunk.length; i++) {
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          chunk[i] = state & 0xff;
        }
        produced += chunk.length;
        onChunk?.(produced);
        yield chunk;
      }
    })(),
  );
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
