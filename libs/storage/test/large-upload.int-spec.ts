import { createHash } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { S3ObjectStorage } from '../src';
import { generatedStream, startTestS3, TEST_BUCKET, type TestS3 } from './local-s3-fixture';

const MiB = 1024 * 1024;
const PART_SIZE = 5 * MiB;
const SIZE = 30 * MiB + 12_345; // not a multiple of the part size

/** A TCP relay in front of the S3 server that counts the bytes the client has sent so far. */
async function countingProxy(target: URL): Promise<{ endpoint: string; sent: () => number; close: () => Promise<void> }> {
  let sent = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => (sent += chunk.length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    sent: () => sent,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function sha256Of(stream: AsyncIterable<unknown>): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}

describe('S3ObjectStorage: large streamed uploads', () => {
  let t: TestS3;

  beforeAll(async () => {
    t = await startTestS3({ partSize: PART_SIZE });
  });
  afterAll(() => t.close());

  it('streams ~30 MB of unknown size as a multipart upload without reading far ahead of the network', async () => {
    const proxy = await countingProxy(new URL(t.s3.endpoint));
    try {
      const storage = new S3ObjectStorage(
        { endpoint: proxy.endpoint, accessKey: t.s3.accessKey, secretKey: t.s3.secretKey, region: 'us-east-1', bucket: TEST_BUCKET },
        { partSize: PART_SIZE },
      );
      // How far the source ever got ahead of what had reached the server. Buffering the whole body
      // would make this the full 30 MB; streaming bounds it by two parts plus socket buffers.
      let maxAhead = 0;
      const body = generatedStream(SIZE, 7, (produced) => (maxAhead = Math.max(maxAhead, produced - proxy.sent())));
      const heapBefore = process.memoryUsage().heapUsed;
      expect(await storage.putStream('large/unknown-size.bin', body)).toEqual({ size: SIZE });
      expect(maxAhead).toBeLessThan(2 * PART_SIZE + 8 * MiB);
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(SIZE); // coarse: no copy kept alive

      expect(await storage.stat('large/unknown-size.bin')).toMatchObject({ size: SIZE });
      const stored = await sha256Of(await storage.getStream('large/unknown-size.bin'));
      const expected = await sha256Of(generatedStream(SIZE, 7));
      expect(stored).toEqual(expected);
    } finally {
      await proxy.close();
    }
  });

  it('uses the announced size, and a body ending early stores nothing', async () => {
    const storage = t.storage;
    expect(await storage.putStream('large/known-size.bin', generatedStream(12 * MiB, 3), { size: 12 * MiB })).toEqual({
      size: 12 * MiB,
    });
    expect(await storage.stat('large/known-size.bin')).toMatchObject({ size: 12 * MiB });
    await expect(storage.putStream('large/truncated.bin', generatedStream(11 * MiB, 3), { size: 12 * MiB })).rejects.toMatchObject({
      code: 'object_size_mismatch',
      expected: 12 * MiB,
      actual: 11 * MiB,
    });
    expect(await storage.exists('large/truncated.bin')).toBe(false);
  });

  it('a body failing after several parts rejects and leaves no object', async () => {
    let interrupted = false;
    const body = generatedStream(40 * MiB, 5, (produced) => {
      if (produced > 12 * MiB && !interrupted) {
        interrupted = true;
        setImmediate(() => body.destroy(new Error('upload interrupted')));
      }
    });
    await expect(t.storage.putStream('large/interrupted.bin', body)).rejects.toThrow('upload interrupted');
    expect(await t.storage.exists('large/interrupted.bin')).toBe(false);
    expect(await t.storage.listIncompleteUploads('large/')).toEqual([]);
  });

  it('copyPrefix and ranges work on multipart objects', async () => {
    await t.storage.putStream('big/a.bin', generatedStream(11 * MiB, 9));
    expect(await t.storage.copyPrefix('big/', 'big-copy/')).toBe(1);
    const tail = await sha256Of(await t.storage.getStream('big-copy/a.bin', { start: 11 * MiB - 10 }));
    expect(tail.size).toBe(10);
    expect((await sha256Of(await t.storage.getStream('big-copy/a.bin'))).hash).toBe((await sha256Of(generatedStream(11 * MiB, 9))).hash);
  });
});
