import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'minio';
import { downloadPrefix, uploadDirectory } from './directory-transfer';
import { forEachLimited } from './for-each-limited';
import { uploadStream } from './multipart-upload';
import { assertObjectKey, assertPrefix, toDirectoryPrefix } from './object-key';
import type { ObjectInfo, ObjectStorage } from './object-storage';
import { createS3Client, type S3Config } from './s3-client';
import { listEntries, listNamesUnder } from './s3-listing';
import { InvalidKeyError, ObjectNotFoundError, ObjectTooLargeError } from './storage.errors';

const MiB = 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * MiB;
const DEFAULT_CONCURRENCY = 8;
/** The most keys one multi-object delete may carry. */
const DELETE_BATCH = 1000;
/** The most a single server-side CopyObject may copy. */
const MAX_COPY_SIZE = 5 * 1024 * MiB;
const BINARY = 'application/octet-stream';

export interface S3ObjectStorageOptions {
  /** First multipart part size in bytes (at least 5 MiB); also the largest body sent as one PUT. */
  partSize?: number;
}

export interface IncompleteUpload {
  key: string;
  uploadId: string;
  size: number;
}

/** GET answers a missing key with NoSuchKey; HEAD has no body, so minio reports NotFound. */
function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NoSuchKey' || code === 'NotFound';
}

function checkRange(range: { start: number; end?: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new RangeError(`Invalid byte range ${start}-${end ?? ''}`);
  }
}

/** The ObjectStorage port on any S3 API (MinIO, AWS, s3rver) through the minio client. */
export class S3ObjectStorage implements ObjectStorage {
  private readonly client: Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly partSize: number;

  constructor(cfg: S3Config, opts: S3ObjectStorageOptions = {}) {
    this.client = createS3Client(cfg);
    this.bucket = cfg.bucket;
    this.region = cfg.region;
    this.partSize = opts.partSize ?? DEFAULT_PART_SIZE;
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (error) {
      // Another service may have created it between our check and our request.
      if (!(await this.client.bucketExists(this.bucket))) throw error;
    }
  }

  async putStream(key: string, body: Readable, opts: { size?: number; contentType?: string } = {}): Promise<{ size: number }> {
    try {
      assertObjectKey(key);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const target = { client: this.client, bucket: this.bucket, key, contentType: opts.contentType ?? BINARY };
    return uploadStream(target, body, { partSize: this.partSize, expectedSize: opts.size });
  }

  async putFile(key: string, localPath: string, contentType?: string): Promise<{ size: number }> {
    const { size } = await stat(localPath);
    return this.putStream(key, createReadStream(localPath), { size, contentType });
  }

  async putBuffer(key: string, data: Buffer | string, contentType?: string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await this.putStream(key, Readable.from([bytes]), { size: bytes.length, contentType });
  }

  async getStream(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    assertObjectKey(key);
    if (range) checkRange(range);
    try {
      // A range from 0 to the end is the whole object; asking for it as a range would make S3
      // answer 416 for an empty object.
      if (!range || (range.start === 0 && range.end === undefined)) return await this.client.getObject(this.bucket, key);
      const length = range.end === undefined ? 0 : range.end - range.start + 1; // 0 = to the end
      return await this.client.getPartialObject(this.bucket, key, range.start, length);
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async getBuffer(key: string, maxBytes?: number): Promise<Buffer> {
    if (maxBytes !== undefined && (!Number.isSafeInteger(maxBytes) || maxBytes < 0)) {
      throw new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    // Counting while reading (not trusting a stat first) also catches an object replaced meanwhile.
    for await (const chunk of await this.getStream(key)) {
      total += (chunk as Buffer).length;
      if (maxBytes !== undefined && total > maxBytes) throw new ObjectTooLargeError(key, maxBytes);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks, total);
  }

  async downloadToFile(key: string, localPath: string): Promise<void> {
    const source = await this.getStream(key); // a missing key fails before anything touches the disk
    try {
      await mkdir(dirname(localPath), { recursive: true });
      await pipeline(source, createWriteStream(localPath));
    } catch (error) {
      source.destroy();
      await unlink(localPath).catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    assertObjectKey(key);
    try {
      const info = await this.client.statObject(this.bucket, key);
      return { key, size: info.size, lastModified: info.lastModified };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async *list(prefix: string): AsyncGenerator<ObjectInfo> {
    assertPrefix(prefix);
    for await (const item of listEntries(this.client, this.bucket, prefix, '')) {
      if (item.name !== undefined) yield { key: item.name, size: item.size, lastModified: item.lastModified };
    }
  }

  async listNames(prefix: string): Promise<string[]> {
    return listNamesUnder(this.client, this.bucket, toDirectoryPrefix(prefix));
  }

  /**
   * Multipart uploads under `prefix` that were started and neither completed nor aborted, with
   * the bytes their parts hold. putStream aborts its own when its body fails, so outside running
   * uploads this is empty; the tests use it to prove that an interrupted upload left nothing.
   */
  async listIncompleteUploads(prefix = ''): Promise<IncompleteUpload[]> {
    const uploads: IncompleteUpload[] = [];
    for await (const item of this.client.listIncompleteUploads(this.bucket, prefix, true)) {
      const { key, uploadId, size } = item as IncompleteUpload;
      uploads.push({ key, uploadId, size });
    }
    return uploads;
  }

  async remove(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (!isNotFound(error)) throw error; // S3 answers 204 anyway; some compatible servers 404
    }
  }

  async removePrefix(prefix: string): Promise<number> {
    if (prefix === '') throw new InvalidKeyError(prefix, 'refusing to remove the whole bucket');
    assertPrefix(prefix);
    let removed = 0;
    let batch: string[] = [];
    const flush = async (): Promise<void> => {
      const failed = await this.client.removeObjects(this.bucket, batch);
      if (failed.length > 0) {
        // minio's type says `{ Error: {...} }` but the parser returns the Error elements themselves.
        const first = JSON.stringify(failed[0]);
        throw new Error(`Could not remove ${failed.length} of ${batch.length} objects under ${prefix}; first: ${first}`);
      }
      removed += batch.length;
      batch = [];
    };
    // Deleting the page just listed is safe: the continuation token resumes after its last key.
    for await (const object of this.list(prefix)) {
      batch.push(object.key);
      if (batch.length === DELETE_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return removed;
  }

  async copy(fromKey: string, toKey: string): Promise<{ size: number }> {
    const source = await this.stat(fromKey);
    if (!source) throw new ObjectNotFoundError(fromKey);
    await this.copyObject(source, toKey);
    return { size: source.size };
  }

  async copyPrefix(fromPrefix: string, toPrefix: string): Promise<number> {
    assertPrefix(fromPrefix);
    assertPrefix(toPrefix);
    // Copies would show up in the very listing being copied and be copied again, without end.
    if (toPrefix.startsWith(fromPrefix)) throw new InvalidKeyError(toPrefix, `lies inside the source prefix ${fromPrefix}`);
    return forEachLimited(this.list(fromPrefix), DEFAULT_CONCURRENCY, (object) =>
      this.copyObject(object, toPrefix + object.key.slice(fromPrefix.length)),
    );
  }

  private async copyObject(source: ObjectInfo, targetKey: string): Promise<void> {
    assertObjectKey(targetKey);
    if (source.size <= MAX_COPY_SIZE) {
      // minio escapes this source path itself; passing it raw keeps '#', '?' and '+' intact.
      await this.client.copyObject(this.bucket, targetKey, `/${this.bucket}/${source.key}`);
      return;
    }
    // Past CopyObject's limit, stream through this process rather than coordinate a multipart copy.
    await this.putStream(targetKey, await this.getStream(source.key), { size: source.size });
  }

  uploadDirectory(localDir: string, prefix: string, concurrency = DEFAULT_CONCURRENCY): Promise<number> {
    return uploadDirectory(this, localDir, prefix, concurrency);
  }

  downloadPrefix(prefix: string, localDir: string, concurrency = DEFAULT_CONCURRENCY): Promise<number> {
    return downloadPrefix(this, prefix, localDir, concurrency);
  }
}
