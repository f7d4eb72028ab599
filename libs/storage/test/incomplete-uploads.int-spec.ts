import { PassThrough } from 'node:stream';
import { createS3Client } from '../src/s3-client';
import { startTestS3, TEST_BUCKET, type TestS3 } from './local-s3-fixture';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('incomplete multipart uploads (s3rver compatibility and putStream cleanup)', () => {
  let t: TestS3;

  beforeAll(async () => {
    t = await startTestS3({ partSize: PART_SIZE });
  });
  afterAll(() => t.close());

  it('lists an upload in progress with the size of its parts, and a destroyed body aborts it', async () => {
    const body = new PassThrough();
    const upload = t.storage.putStream('stalled/a.bin', body);
    upload.catch(() => undefined);
    // Two full parts plus one byte: the first part must go out, the second waits for the end.
    body.write(Buffer.alloc(2 * PART_SIZE + 1, 1));
    const listed = await until(() => t.storage.listIncompleteUploads('stalled/'), (u) => u.length === 1 && u[0].size >= PART_SIZE);
    expect(listed).toEqual([{ key: 'stalled/a.bin', uploadId: expect.stringMatching(/^[0-9a-f]{32}$/), size: expect.any(Number) }]);
    expect(listed[0].size).toBeGreaterThanOrEqual(PART_SIZE);
    expect(await t.storage.listIncompleteUploads('other/')).toEqual([]);

    body.destroy(new Error('client went away'));
    await expect(upload).rejects.toThrow('client went away');
    expect(await t.storage.listIncompleteUploads('')).toEqual([]);
    expect(await t.storage.exists('stalled/a.bin')).toBe(false);
  });

  it('aborts by upload id, and refuses an unknown or mismatched id with NoSuchUpload', async () => {
    const client = createS3Client({ ...t.s3, region: 'us-east-1', bucket: TEST_BUCKET });
    const id = await client.initiateNewMultipartUpload(TEST_BUCKET, 'manual/x.bin', {});
    expect((await t.storage.listIncompleteUploads('manual/')).map((u) => u.uploadId)).toEqual([id]);
    await expect(client.abortMultipartUpload(TEST_BUCKET, 'manual/other.bin', id)).rejects.toMatchObject({ code: 'NoSuchUpload' });
    await expect(client.abortMultipartUpload(TEST_BUCKET, 'manual/x.bin', '../../etc')).rejects.toMatchObject({ code: 'NoSuchUpload' });
    await client.abortMultipartUpload(TEST_BUCKET, 'manual/x.bin', id);
    expect(await t.storage.listIncompleteUploads('manual/')).toEqual([]);
    await expect(client.abortMultipartUpload(TEST_BUCKET, 'manual/x.bin', id)).rejects.toMatchObject({ code: 'NoSuchUpload' });
  });

  it('completing an upload still works and leaves nothing incomplete', async () => {
    const body = new PassThrough();
    const upload = t.storage.putStream('done/b.bin', body);
    body.end(Buffer.alloc(2 * PART_SIZE + 123, 2));
    await expect(upload).resolves.toEqual({ size: 2 * PART_SIZE + 123 });
    expect(await t.storage.listIncompleteUploads('')).toEqual([]);
  });
});
