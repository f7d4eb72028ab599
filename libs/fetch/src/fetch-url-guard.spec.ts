import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchUrl } from './fetch-url';
import type { FetchPolicy } from './fetch-policy';
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.testing';

/** SSRF refusals, size limits, timeouts and abort: every failure leaves the directory empty. */
describe('fetchUrl guards', () => {
  let server: LocalHttpServer;
  let dir: string;
  const policy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => ({
    allowedHosts: ['127.0.0.0/8'],
    maxBytes: 1_000,
    timeoutMs: 5_000,
    ...overrides,
  });

  beforeAll(async () => {
    server = await startLocalHttpServer({
      '/ok.txt': (_req, res) => res.writeHead(200).end('ok'),
      '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-other-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${server.port}/ok.txt` }).end(),
      '/to-localhost': (_req, res) => res.writeHead(302, { location: `http://localhost:${server.port}/ok.txt` }).end(),
      '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
      '/big-chunked': (_req, res) => {
        res.writeHead(200);
        for (let i = 0; i < 50; i++) res.write('x'.repeat(100));
        res.end();
      },
      '/stall': (_req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('first bytes');
      },
      '/no-response': () => undefined,
    });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fetch-guard-'));
  });
  afterEach(async () => {
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.part$/)]));
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a loopback IP that is not allowed', async () => {
    const url = server.url('/ok.txt');
    await expect(fetchUrl(url, dir, policy({ allowedHosts: [] }))).rejects.toThrow(
      `Could not fetch: ${url}: host 127.0.0.1 resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS`,
    );
    expect(server.received).toHaveLength(0);
  });

  it('refuses a host name that resolves to loopback', async () => {
    const url = `http://localhost:${server.port}/ok.txt`;
    await expect(fetchUrl(url, dir, policy({ allowedHosts: [] }))).rejects.toThrow(
      /^Could not fetch: http:\/\/localhost:\d+\/ok\.txt: host localhost resolves to a non-public address \((127\.0\.0\.1|::1)\)/,
    );
  });

  it('allows a host name on the list whatever it resolves to', async () => {
    const fetched = await fetchUrl(`http://LOCALHOST:${server.port}/ok.txt`, dir, policy({ allowedHosts: ['localhost'] }));
    expect(fetched.filename).toBe('ok.txt');
  });

  it('refuses a redirect from an allowed host to a disallowed one', async () => {
    const url = server.url('/to-metadata');
    await expect(fetchUrl(url, dir, policy())).rejects.toThrow(
      `Could not fetch: ${url}: host 169.254.169.254 resolves to a non-public address (169.254.169.254)`,
    );
    const narrow = policy({ allowedHosts: ['127.0.0.1'] });
    await expect(fetchUrl(server.url('/to-other-loopback'), dir, narrow)).rejects.toThrow('host 127.0.0.2 resolves to a non-public address');
  });

  it('drops policy headers when a redirect leaves the origin', async () => {
    server.received.length = 0;
    await fetchUrl(server.url('/to-localhost'), dir, policy({ allowedHosts: ['127.0.0.1', 'localhost'], headers: { 'X-Token': 's' } }));
    expect(server.received.map((h) => h['x-token'])).toEqual(['s', undefined]);
  });

  it('refuses a declared Content-Length over the limit', async () => {
    const url = server.url('/big-declared');
    await expect(fetchUrl(url, dir, policy())).rejects.toThrow(`Could not fetch: ${url}: larger than the 1000 bytes limit`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('aborts a chunked body once it passes the limit and removes the partial file', async () => {
    const url = server.url('/big-chunked');
    await expect(fetchUrl(url, dir, policy())).rejects.toThrow(`Could not fetch: ${url}: larger than the 1000 bytes limit`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails a transfer that stalls', async () => {
    const url = server.url('/stall');
    await expect(fetchUrl(url, dir, policy({ timeoutMs: 300 }))).rejects.toThrow(`Could not fetch: ${url}: no data received for 300 ms`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('fails when the server never answers', async () => {
    const url = server.url('/no-response');
    await expect(fetchUrl(url, dir, policy({ timeoutMs: 300 }))).rejects.toThrow(
      // The idle timer starts with the socket, so it usually fires before the response timer.
      new RegExp(`^Could not fetch: ${url}: (no data received for|timed out after) 300 ms`),
    );
  });

  it('stops on abort and removes the partial file', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const failure = fetchUrl(server.url('/stall'), dir, policy(), { signal: controller.signal });
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not start when already aborted', async () => {
    server.received.length = 0;
    const failure = fetchUrl(server.url('/ok.txt'), dir, policy(), { signal: AbortSignal.abort() });
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.received).toHaveLength(0);
  });
});
