import { createHash } from 'node:crypto';
import { readFile, stat, writeFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { ObjectNotFoundError, ObjectSizeMismatchError, ObjectTooLargeError, InvalidKeyError, S3ObjectStorage } from '../src';
import { readAll, startTestS3, TEST_BUCKET, type TestS3 } from './local-s3-fixture';

/** Keys users can produce: spaces, unicode, URL-special and percent characters must all round-trip. */
const ODD_KEYS = [
  'odd/with space.txt',
  'odd/ünïcødé 文件.txt',
  'odd/hash#and?question.txt',
  'odd/c++ 100% a&b=c;d,e$f@g:h!.txt',
  'odd/trailing space ',
  "odd/quote'\"<>|*.txt",
];

describe('S3ObjectStorage: single objects', () => {
  let t: TestS3;
  let storage: S3ObjectStorage;

  beforeAll(async () => {
    t = await startTestS3();
    storage = t.storage;
  });
  afterAll(() => t.close());

  it('ensureBucket is idempotent and creates a missing bucket', async () => {
    await storage.ensureBucket();
    const other = new S3ObjectStorage({ ...t.s3, region: 'us-east-1', bucket: 'created-later' });
    await other.ensureBucket();
    await other.ensureBucket();
    await other.putBuffer('k', 'v');
    expect((await other.getBuffer('k')).toString()).toBe('v');
  });

  it('putBuffer / getBuffer round-trip strings and buffers', async () => {
    await storage.putBuffer('plain/text.txt', 'héllo');
    expect((await storage.getBuffer('plain/text.txt')).toString('utf8')).toBe('héllo');
    const bytes = Buffer.from([0, 255, 1, 254]);
    await storage.putBuffer('plain/bytes.bin', bytes);
    expect(await storage.getBuffer('plain/bytes.bin')).toEqual(bytes);
  });

  it.each(ODD_KEYS)('round-trips key %j through put, stat, get, list and remove', async (key) => {
    await storage.putBuffer(key, `content of ${key}`);
    expect(await storage.stat(key)).toMatchObject({ key, size: Buffer.byteLength(`content of ${key}`) });
    expect((await storage.getBuffer(key)).toString()).toBe(`content of ${key}`);
    const listed: string[] = [];
    for await (const info of storage.list('odd/')) listed.push(info.key);
    expect(listed).toContain(key);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('stores empty objects', async () => {
    await storage.putBuffer('plain/empty', '');
    expect(await storage.stat('plain/empty')).toMatchObject({ size: 0 });
    expect(await storage.getBuffer('plain/empty')).toEqual(Buffer.alloc(0));
    expect((await readAll(await storage.getStream('plain/empty', { start: 0 }))).length).toBe(0);
  });

  it('stat reports size and modification time; exists follows it', async () => {
    const before = Date.now() - 2000; // Last-Modified has one-second resolution
    await storage.putBuffer('plain/stat.txt', '12345');
    const info = await storage.stat('plain/stat.txt');
    expect(info?.size).toBe(5);
    expect(info?.lastModified).toBeInstanceOf(Date);
    expect(info!.lastModified.getTime()).toBeGreaterThanOrEqual(before);
    expect(await storage.exists('plain/stat.txt')).toBe(true);
    expect(await storage.stat('plain/nothing-here')).toBeNull();
    expect(await storage.exists('plain/nothing-here')).toBe(false);
  });

  it('records the content type', async () => {
    await storage.putBuffer('plain/data.json', '{}', 'application/json');
    const info = await new Client({
      endPoint: new URL(t.s3.endpoint).hostname,
      port: Number(new URL(t.s3.endpoint).port),
      useSSL: false,
      accessKey: t.s3.accessKey,
      secretKey: t.s3.secretKey,
      region: 'us-east-1',
      pathStyle: true,
    }).statObject(TEST_BUCKET, 'plain/data.json');
    expect(info.metaData['content-type']).toBe('application/json');
  });

  it('getStream serves byte ranges, inclusive like HTTP', async () => {
    await storage.putBuffer('plain/range.txt', '0123456789');
    const read = async (range: { start: number; end?: number }): Promise<string> =>
      (await readAll(await storage.getStream('plain/range.txt', range))).toString();
    expect(await read({ start: 2, end: 5 })).toBe('2345');
    expect(await read({ start: 7 })).toBe('789');
    expect(await read({ start: 0 })).toBe('0123456789');
    expect(await read({ start: 0, end: 0 })).toBe('0');
    expect(await read({ start: 9, end: 9 })).toBe('9');
    expect(await read({ start: 8, end: 100 })).toBe('89');
    await expect(storage.getStream('plain/range.txt', { start: 5, end: 4 })).rejects.toThrow(RangeError);
    await expect(storage.getStream('plain/range.txt', { start: -1 })).rejects.toThrow(RangeError);
  });

  it('reports missing objects as ObjectNotFoundError, with or without a range', async () => {
    await expect(storage.getStream('plain/missing')).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.getStream('plain/missing', { start: 3, end: 4 })).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.getBuffer('plain/missing')).rejects.toMatchObject({ code: 'object_not_found', key: 'plain/missing' });
    await expect(storage.downloadToFile('plain/missing', join(await t.scratch(), 'x'))).rejects.toThrow(ObjectNotFoundError);
  });

  it('getBuffer refuses objects over maxBytes', async () => {
    await storage.putBuffer('plain/ten.txt', '0123456789');
    expect((await storage.getBuffer('plain/ten.txt', 10)).toString()).toBe('0123456789');
    await expect(storage.getBuffer('plain/ten.txt', 9)).rejects.toThrow(ObjectTooLargeError);
    await expect(storage.getBuffer('plain/ten.txt', 0)).rejects.toMatchObject({ code: 'object_too_large', maxBytes: 0 });
  });

  it('putStream counts bytes while streaming and checks an announced size', async () => {
    const body = Readable.from([Buffer.from('abc'), 'déf', new Uint8Array([1, 2])]);
    expect(await storage.putStream('plain/stream.bin', body)).toEqual({ size: 3 + 4 + 2 });
    await expect(storage.putStream('plain/short.bin', Readable.from([Buffer.from('abc')]), { size: 4 })).rejects.toThrow(
      ObjectSizeMismatchError,
    );
    expect(await storage.exists('plain/short.bin')).toBe(false);
  });

  it('putStream fails, stores nothing and destroys nothing else when the body errors', async () => {
    const body = new Readable({ read() {} });
    body.push(Buffer.from('partial'));
    const upload = storage.putStream('plain/broken.bin', body);
    setImmediate(() => body.destroy(new Error('client went away')));
    await expect(upload).rejects.toThrow('client went away');
    expect(await storage.exists('plain/broken.bin')).toBe(false);
  });

  it('putFile and downloadToFile stream files, creating parent directories', async () => {
    const dir = await t.scratch();
    const source = join(dir, 'source.bin');
    const data = createHash('sha256').update('seed').digest();
    await writeFile(source, Buffer.concat(Array(1000).fill(data)));
    expect(await storage.putFile('files/source.bin', source, 'application/x-test')).toEqual({ size: 32_000 });
    const target = join(dir, 'deep', 'er', 'copy.bin');
    await storage.downloadToFile('files/source.bin', target);
    expect(await readFile(target)).toEqual(await readFile(source));
    expect((await stat(target)).size).toBe(32_000);
  });

  it('remove does not fail on a missing key', async () => {
    await storage.remove('plain/never-existed');
    await storage.putBuffer('plain/gone', 'x');
    await storage.remove('plain/gone');
    await storage.remove('plain/gone');
    expect(await storage.exists('plain/gone')).toBe(false);
  });

  it('validates keys before any request', async () => {
    for (const key of ['', '/abs', 'a/../b', 'a//b', 'a/./b', 'nul\0']) {
      await expect(storage.putBuffer(key, 'x')).rejects.toThrow(InvalidKeyError);
      await expect(storage.getStream(key)).rejects.toThrow(InvalidKeyError);
      await expect(storage.stat(key)).rejects.toThrow(InvalidKeyError);
      await expect(storage.remove(key)).rejects.toThrow(InvalidKeyError);
    }
    // Nothing escaped into the server's data directory.
    expect((await readdir(t.dataDir)).sort()).toEqual(['created-later', TEST_BUCKET].sort());
  });
});
