import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FetchError } from './fetch-error';
import { fetchUrl } from './fetch-url';
import type { FetchPolicy } from './fetch-policy';
import { startLocalHttpServer, type LocalHttpServer } from './local-http-server.testing';

const policy: FetchPolicy = { allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000, timeoutMs: 5_000 };

describe('fetchUrl', () => {
  let server: LocalHttpServer;
  let dir: string;

  beforeAll(async () => {
    server = await startLocalHttpServer({
      '/cd': (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-disposition': 'attachment; filename="report.tar.gz"' }).end('hello'),
      '/cd-star': (_req, res) =>
        res.writeHead(200, { 'content-disposition': `attachment; filename="fallback.zip"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%20data.zip` }).end('x'),
      '/cd-evil': (_req, res) => res.writeHead(200, { 'content-disposition': 'attachment; filename="../../etc/passwd"' }).end('x'),
      '/r1': (_req, res) => res.writeHead(302, { location: '/r2' }).end(),
      '/r2': (_req, res) => res.writeHead(301, { location: server.url('/files/archive.zip') }).end(),
      '/files/archive.zip': (_req, res) => res.writeHead(200).end('zip-bytes'),
      '/files/my%20file.zip': (_req, res) => res.writeHead(200).end('spaced'),
      '/': (_req, res) => res.writeHead(200).end('root'),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/created': (_req, res) => res.writeHead(201).end('not quite'),
      '/echo-headers': (req, res) => res.writeHead(200).end(JSON.stringify(req.headers)),
    });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fetch-url-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('saves the body under the Content-Disposition filename', async () => {
    const fetched = await fetchUrl(server.url('/cd'), dir, policy);
    expect(fetched).toEqual({
      filename: 'report.tar.gz',
      path: join(dir, 'report.tar.gz'),
      size: 5,
      finalUrl: server.url('/cd'),
      contentType: 'application/gzip',
    });
    expect(await readFile(fetched.path, 'utf8')).toBe('hello');
    expect(await readdir(dir)).toEqual(['report.tar.gz']);
  });

  it('prefers filename* and keeps unicode', async () => {
    const fetched = await fetchUrl(server.url('/cd-star'), dir, policy);
    expect(fetched.filename).toBe('日本 data.zip');
    expect(await readdir(dir)).toEqual(['日本 data.zip']);
  });

  it('keeps a hostile Content-Disposition name inside the directory', async () => {
    const fetched = await fetchUrl(server.url('/cd-evil'), dir, policy);
    expect(fetched.path).toBe(join(dir, 'passwd'));
  });

  it('follows redirects and names the file after the final URL', async () => {
    const fetched = await fetchUrl(server.url('/r1'), dir, policy);
    expect(fetched.filename).toBe('archive.zip');
    expect(fetched.finalUrl).toBe(server.url('/files/archive.zip'));
    expect(await readFile(fetched.path, 'utf8')).toBe('zip-bytes');
  });

  it('URL-unquotes the last path segment', async () => {
    const fetched = await fetchUrl(server.url('/files/my%20file.zip'), dir, policy);
    expect(fetched.filename).toBe('my file.zip');
  });

  it('falls back to "download" when the URL has no last segment', async () => {
    expect((await fetchUrl(server.url('/'), dir, policy)).filename).toBe('download');
  });

  it('overwrites an existing file of the same name', async () => {
    await writeFile(join(dir, 'archive.zip'), 'old');
    await fetchUrl(server.url('/files/archive.zip'), dir, policy);
    expect(await readFile(join(dir, 'archive.zip'), 'utf8')).toBe('zip-bytes');
  });

  it('reports a non-200 status and leaves nothing behind', async () => {
    const url = server.url('/missing');
    await expect(fetchUrl(url, dir, policy)).rejects.toThrow(`Could not fetch: ${url}: HTTP 404`);
    await expect(fetchUrl(server.url('/created'), dir, policy)).rejects.toThrow(`: HTTP 201`);
    expect(await readdir(dir)).toEqual([]);
  });

  it('gives up after maxRedirects', async () => {
    const url = server.url('/loop');
    await expect(fetchUrl(url, dir, { ...policy, maxRedirects: 2 })).rejects.toThrow(`Could not fetch: ${url}: more than 2 redirects`);
  });

  it('reports a refused connection', async () => {
    const closed = await startLocalHttpServer({});
    const url = closed.url('/x');
    await closed.close();
    await expect(fetchUrl(url, dir, policy)).rejects.toThrow(`Could not fetch: ${url}: connection refused`);
  });

  it('sends policy headers, without decompression negotiation', async () => {
    const fetched = await fetchUrl(server.url('/echo-headers'), dir, { ...policy, headers: { 'X-Token': 'secret' } });
    const sent = JSON.parse(await readFile(fetched.path, 'utf8')) as Record<string, string>;
    expect(sent['x-token']).toBe('secret');
    expect(sent['accept-encoding']).toBeUndefined();
  });

  it.each([
    ['git@github.com:nexB/scancode.io.git', "SSH 'git@' URLs are not supported. Use https:// instead."],
    ['ftp://example.com/a.zip', "URL scheme 'ftp' is not supported."],
    ['HTTP://example.com/a.zip', "URL scheme 'HTTP' is not supported. Did you mean: 'http'?"],
    ['docker://alpine:3.20#from', 'Could not fetch: docker://alpine:3.20#from: Invalid Docker reference.'],
    ['pkg:npm/lodash@4.17.21', 'PURL inputs are not supported yet: pkg:npm/lodash@4.17.21'],
    ['https://github.com/nexB/scancode.io.git/', 'Git inputs are not supported yet: https://github.com/nexB/scancode.io.git/'],
  ])('refuses %s', async (url, message) => {
    const failure = fetchUrl(url, dir, policy);
    await expect(failure).rejects.toBeInstanceOf(FetchError);
    await expect(failure).rejects.toThrow(message);
  });
});
