import { createHash } from 'node:crypto';
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

describe('completing a multipart upload on the local S3 server, as S3 does', () => {
  let t: TestS3;

  beforeAll(async () => {
    t = await startTestS3({ partSize: PART_SIZE });
  });
  afterAll(() => t.close());

  const md5 = (data: Buffer) => createHash('md5').update(data).digest();

  it('joins the parts in part order and gives the object the MD5 of the parts\' MD5s, dash, the part count', async () => {
    const client = createS3Client({ ...t.s3, region: 'us-east-1', bucket: TEST_BUCKET });
    const parts = [Buffer.alloc(PART_SIZE, 1), Buffer.alloc(PART_SIZE, 2), Buffer.from('tail')];
    const uploadId = await client.initiateNewMultipartUpload(TEST_BUCKET, 'joined/x.bin', {});
    const etags: { part: number; etag: string }[] = [];
    // Sent last part first: the order of arrival does not matter, the part numbers do.
    for (const i of [2, 0, 1]) {
      const res = await client.uploadPart({ bucketName: TEST_BUCKET, objectName: 'joined/x.bin', uploadID: uploadId, partNumber: i + 1, headers: {} }, parts[i]);
      etags.push({ part: i + 1, etag: res.etag });
    }
    const completed = await client.completeMultipartUpload(TEST_BUCKET, 'joined/x.bin', uploadId, etags.sort((a, b) => a.part - b.part));
    // Compared as digests: Jest's deep equality walks a 10 MB buffer byte by byte.
    expect(md5(await t.storage.getBuffer('joined/x.bin')).toString('hex')).toBe(md5(Buffer.concat(parts)).toString('hex'));
    const expected = `${createHash('md5').update(Buffer.concat(parts.map(md5))).digest('hex')}-3`;
    expect(completed.etag).toBe(expected);
    expect(await t.storage.stat('joined/x.bin')).toMatchObject({ size: 2 * PART_SIZE + 4 });
    expect(await t.storage.listIncompleteUploads('joined/')).toEqual([]);
  });

  it('refuses a completion naming a part with another entity tag (InvalidPart) and keeps the upload', async () => {
    const client = createS3Client({ ...t.s3, region: 'us-east-1', bucket: TEST_BUCKET });
    const uploadId = await client.initiateNewMultipartUpload(TEST_BUCKET, 'wrong/x.bin', {});
    const part = { bucketName: TEST_BUCKET, objectName: 'wrong/x.bin', uploadID: uploadId, headers: {} };
    await client.uploadPart({ ...part, partNumber: 1 }, Buffer.alloc(PART_SIZE, 3));
    await client.uploadPart({ ...part, partNumber: 2 }, Buffer.from('end'));
    const forged = [{ part: 1, etag: md5(Buffer.from('other')).toString('hex') }, { part: 2, etag: md5(Buffer.from('end')).toString('hex') }];
    await expect(client.completeMultipartUpload(TEST_BUCKET, 'wrong/x.bin', uploadId, forged)).rejects.toMatchObject({ code: 'InvalidPart' });
    const missing = [{ part: 1, etag: md5(Buffer.alloc(PART_SIZE, 3)).toString('hex') }, { part: 3, etag: md5(Buffer.from('end')).toString('hex') }];
    await expect(client.completeMultipartUpload(TEST_BUCKET, 'wrong/x.bin', uploadId, missing)).rejects.toMatchObject({ code: 'InvalidPart' });
    expect(await t.storage.exists('wrong/x.bin')).toBe(false);
    expect(await t.storage.listIncompleteUploads('wrong/')).toEqual([expect.objectContaining({ uploadId })]);
  });
});
