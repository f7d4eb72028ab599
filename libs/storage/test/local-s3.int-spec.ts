import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStorage, startLocalS3 } from '../src';
import { applyS3rverCompat } from '../src/s3rver-compat';
import { readAll } from './local-s3-fixture';

const BUCKET = 'local-s3-test';

function storageFor(s3: { endpoint: string; accessKey: string; secretKey: string }): S3ObjectStorage {
  return new S3ObjectStorage({ ...s3, region: 'us-east-1', bucket: BUCKET });
}

/** A raw, unsigned GET (s3rver serves anonymous reads) with a chosen Host header. */
function getWithHost(endpoint: string, path: string, host: string): Promise<number> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startLocalS3', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sca-local-s3-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('listens on a random loopback port with the bucket created and s3rver credentials', async () => {
    const s3 = await startLocalS3({ directory: join(dir, 'created/on/demand'), bucket: BUCKET });
    try {
      expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s3.endpoint).not.toMatch(/:0$/);
      expect(s3).toMatchObject({ accessKey: 'S3RVER', secretKey: 'S3RVER' });
      await storageFor(s3).putBuffer('hello.txt', 'hi');
      expect((await storageFor(s3).getBuffer('hello.txt')).toString()).toBe('hi');
    } finally {
      await s3.close();
    }
    await expect(storageFor(s3).exists('hello.txt')).rejects.toThrow(); // closed: refused or hung up
  });

  it('keeps data in its directory across restarts', async () => {
    const first = await startLocalS3({ directory: dir, bucket: BUCKET });
    await storageFor(first).putBuffer('kept/a.txt', 'still here');
    await first.close();
    const second = await startLocalS3({ directory: dir, bucket: BUCKET });
    try {
      expect((await storageFor(second).getBuffer('kept/a.txt')).toString()).toBe('still here');
    } finally {
      await second.close();
    }
  });

  it('reads buckets from the path even when the Host header is a plain name (no virtual hosts)', async () => {
    const s3 = await startLocalS3({ directory: dir, bucket: BUCKET });
    try {
      await storageFor(s3).putBuffer('vh/x.txt', 'x');
      // s3rver's default would read "s3-in-a-container" as the bucket name and answer NoSuchBucket.
      expect(await getWithHost(s3.endpoint, `/${BUCKET}/vh/x.txt`, 's3-in-a-container:9000')).toBe(200);
    } finally {
      await s3.close();
    }
  });

  it('answers a one-byte range with one byte, and 416 for a range of an empty object', async () => {
    const s3 = await startLocalS3({ directory: dir, bucket: BUCKET });
    try {
      const storage = storageFor(s3);
      await storage.putBuffer('r/abc', 'abc');
      expect((await readAll(await storage.getStream('r/abc', { start: 0, end: 0 }))).toString()).toBe('a');
      await storage.putBuffer('r/empty', '');
      await expect(storage.getStream('r/empty', { start: 0, end: 0 })).rejects.toMatchObject({ code: 'InvalidRange' });
    } finally {
      await s3.close();
    }
  });

  it('refuses to patch an s3rver whose middleware layout it does not know', () => {
    const server = new S3rver({ silent: true, directory: dir });
    server.middleware.push(async (_ctx, next) => next());
    expect(() => applyS3rverCompat(server, dir)).toThrow(/s3rver-compat/);
  });
});
