import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Api } from './support/api';
import { startTestStack, TestStack } from './support/test-stack';

const TOOLKIT_SCAN = readFileSync(join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json'));

let t: TestStack;
let api: Api;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/files/scan.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(TOOLKIT_SCAN);
    } else if (req.url === '/redirect') {
      res.writeHead(302, { location: '/download?id=1' });
      res.end();
    } else if (req.url === '/download?id=1') {
      res.writeHead(200, { 'content-disposition': 'attachment; filename="named-scan.json"' });
      res.end(TOOLKIT_SCAN);
    } else {
      res.writeHead(404);
      res.end('missing');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestStack({ FETCH_ALLOWED_HOSTS: '127.0.0.1' });
  api = new Api(t.baseUrl);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  server?.close();
});

describe('URL inputs', () => {
  it('downloads inputs in the run, names them from the response, and keeps them in storage', async () => {
    const created = await api.post('/api/projects/', { name: 'fetched', input_urls: [`${origin}/files/scan.json#mytag`, `${origin}/redirect`], pipeline: 'load_inventory', execute_now: true });
    expect(created.body.input_sources.map((s: any) => s.filename)).toEqual(['', '']);
    const run = await api.waitForRun(created.body.runs[0].url);
    expect(run.status).toBe('success');
    expect(run.log).toContain(`Fetching input from ${origin}/files/scan.json#mytag`);
    const detail = (await api.get(`/api/projects/${created.body.uuid}/`)).body;
    expect(detail.input_sources.map((s: any) => [s.filename, s.tag, s.exists])).toEqual([
      ['scan.json', 'mytag', true],
      ['named-scan.json', '', true],
    ]);
    expect(detail.input_root.sort()).toEqual(['named-scan.json', 'scan.json']);
    expect(detail.package_count).toBe(1);
  });

  it('fails the run with one clear error per failed URL', async () => {
    const created = await api.post('/api/projects/', { name: 'broken urls', input_urls: [`${origin}/nothing-here`, 'ftp://example.com/x.zip'], pipeline: 'load_inventory', execute_now: true });
    const run = await api.waitForRun(created.body.runs[0].url);
    expect(run.status).toBe('failure');
    expect(run.task_output).toContain('InputFilesError encountered with the following issues:');
    expect(run.task_output).toContain(`Error 1: Could not fetch: ${origin}/nothing-here: HTTP 404`);
    expect(run.task_output).toContain("Error 2: URL scheme 'ftp' is not supported.");
  });
});

describe('private addresses', () => {
  let strict: TestStack;
  beforeAll(async () => {
    strict = await startTestStack();
  }, 120_000);
  afterAll(async () => {
    await strict?.stop();
  });

  it('refuses loopback and link-local URLs, docker:// registries too, unless FETCH_ALLOWED_HOSTS lists them', async () => {
    const strictApi = new Api(strict.baseUrl);
    const registry = `docker://${new URL(origin).host}/test/app:1`;
    const created = await strictApi.post('/api/projects/', { name: 'ssrf', input_urls: [`${origin}/files/scan.json`, 'http://169.254.169.254/latest/meta-data', registry], pipeline: 'load_inventory', execute_now: true });
    const run = await strictApi.waitForRun(created.body.runs[0].url);
    expect(run.status).toBe('failure');
    expect(run.task_output).toContain(`Could not fetch: ${origin}/files/scan.json: host 127.0.0.1 resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS`);
    expect(run.task_output).toContain('host 169.254.169.254 resolves to a non-public address');
    expect(run.task_output).toContain(`Error 3: Could not fetch: ${registry}: host 127.0.0.1 resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS`);
  });
});
