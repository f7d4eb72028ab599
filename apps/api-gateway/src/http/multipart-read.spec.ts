import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import type { ObjectStorage } from '@sca/storage';
import { MAX_FIELDS, readMultipart } from './multipart';
import { multipartBodiesInProgress } from './upload-metrics';

const BOUNDARY = 'unit-boundary';

/** Keeps uploaded bodies in memory and records what became of each stream. */
class MemoryStorage {
  readonly objects = new Map<string, Buffer>();
  readonly failedStreams: string[] = [];

  async putStream(key: string, body: Readable): Promise<{ size: number }> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) chunks.push(chunk as Buffer);
    } catch (error) {
      this.failedStreams.push(key);
      throw error;
    }
    const data = Buffer.concat(chunks);
    this.objects.set(key, data);
    return { size: data.length };
  }

  async remove(key: string): Promise<void> {
    this.objects.delete(key);
  }
}

const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (content: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload_file"; filename="a.txt"\r\n\r\n${content}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

describe('readMultipart', () => {
  let server: Server;
  let storage: MemoryStorage;
  let outcome: Promise<unknown> | undefined;
  let url: string;

  beforeEach(async () => {
    outcome = undefined;
    storage = new MemoryStorage();
    server = createServer((req: IncomingMessage, res) => {
      outcome = readMultipart(req as Request, { storage: storage as unknown as ObjectStorage, keyFor: (f) => `in/${f}`, maxFileBytes: 1000, maxFieldsBytes: 2000, idleMs: 300 }).then(
        (body) => body,
        (error: unknown) => error,
      );
      void outcome.then(() => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends `body`; `keepOpen` leaves the request unfinished (Content-Length promises more). */
  function send(body: string, opts: { keepOpen?: boolean } = {}) {
    outcome = undefined;
    const req = request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': Buffer.byteLength(body) + (opts.keepOpen ? 1000 : 0) } });
    req.on('error', () => undefined);
    req.on('response', (res) => res.resume());
    if (opts.keepOpen) req.write(body);
    else req.end(body);
    return req;
  }

  /** Resolves once the server has begun reading the request. */
  async function started(): Promise<void> {
    while (!outcome) await new Promise((resolve) => setImmediate(resolve));
  }

  async function result(): Promise<unknown> {
    await started();
    return outcome;
  }

  it('reads fields and stores the file', async () => {
    send(part('name', 'x') + filePart('hello') + end);
    expect(await result()).toEqual({ fields: { name: ['x'] }, upload: { filename: 'a.txt', size: 5, key: 'in/a.txt' }, errors: {} });
    expect(storage.objects.get('in/a.txt')?.toString()).toBe('hello');
  });

  it(`refuses more than ${MAX_FIELDS} fields with a 400 and removes the file stored before them`, async () => {
    send(filePart('hello') + Array.from({ length: MAX_FIELDS + 1 }, (_, i) => part('labels', `l${i}`)).join('') + end);
    expect(await result()).toMatchObject({ status: 400, body: { detail: `Multipart form parse error - Too many fields: at most ${MAX_FIELDS} are accepted.` } });
    expect(storage.objects.size).toBe(0);
  });

  it('refuses fields larger than the limit in all, and one field larger than it', async () => {
    send(part('a', 'x'.repeat(1200)) + part('b', 'y'.repeat(1200)) + end);
    expect(await result()).toMatchObject({ status: 400, body: { detail: 'Multipart form parse error - Fields too large: at most 2000 bytes of fields are accepted.' } });
    send(part('a', 'x'.repeat(3000)) + end);
    expect(await result()).toMatchObject({ status: 400 });
  });

  it('stops at once at an oversized file, aborting its upload', async () => {
    const req = send(part('name', 'x') + filePart('z'.repeat(1500)), { keepOpen: true });
    expect(await result()).toMatchObject({ status: 413 });
    expect(storage.failedStreams).toEqual(['in/a.txt']);
    expect(storage.objects.size).toBe(0);
    req.destroy();
  });

  it('releases a read whose client disconnects half way: the upload stream fails, nothing is stored', async () => {
    const before = (await multipartBodiesInProgress.get()).values[0]?.value ?? 0;
    const req = send(part('name', 'x') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upload_file"; filename="a.txt"\r\n\r\nhalf`, { keepOpen: true });
    await started();
    req.destroy();
    const error = await result();
    expect(error).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/closed the connection/) } });
    expect(storage.failedStreams).toEqual(['in/a.txt']);
    expect(storage.objects.size).toBe(0);
    expect((await multipartBodiesInProgress.get()).values[0]?.value ?? 0).toBe(before);
  });

  it('answers 408 when the client sends nothing for the idle time', async () => {
    const req = send(part('name', 'x'), { keepOpen: true });
    expect(await result()).toMatchObject({ status: 408, headers: { Connection: 'close' } });
    req.destroy();
  });
});
