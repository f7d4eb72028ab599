import { request } from 'node:http';
import { Api } from './support/api';
import { rssMiB, samplePeakRss } from './support/process-memory';
import { startTestStack, TestStack } from './support/test-stack';

const SIZE = 1024 ** 3;
const CHUNK = Buffer.alloc(1024 * 1024, 'scan');

let t: TestStack;

beforeAll(async () => {
  t = await startTestStack();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

/** Sends a multipart create with a generated 1 GiB file, never holding it in memory. */
function postLargeUpload(baseUrl: string, name: string): Promise<{ status: number; body: string }> {
  const boundary = '----scanworks-e2e-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/projects/`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + SIZE + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < SIZE) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

describe('a 1 GiB upload', () => {
  it('streams into storage while every service keeps flat memory', async () => {
    const pids = Object.fromEntries([...t.stack.children].map(([name, child]) => [name, child.pid as number]));
    const before = Object.fromEntries(Object.entries(pids).map(([n, p]) => [n, rssMiB(p)]));
    const sampler = samplePeakRss(pids);
    const started = Date.now();
    const res = await postLargeUpload(t.baseUrl, 'big upload');
    const peak = sampler.stop();
    const seconds = (Date.now() - started) / 1000;
    expect(res.status).toBe(201);
    const created = JSON.parse(res.body);
    expect(created.input_sources[0]).toMatchObject({ filename: 'big.bin', is_uploaded: true, exists: true });
    expect((await t.storage.stat(`projects/${created.uuid}/input/big.bin`))?.size).toBe(SIZE);
    console.log(`1 GiB upload in ${seconds.toFixed(1)} s; RSS MiB before ${JSON.stringify(before)} peak ${JSON.stringify(peak)}`);
    for (const name of Object.keys(pids)) expect(peak[name] - before[name]).toBeLessThan(150);
    const detail = await new Api(t.baseUrl).get(`/api/projects/${created.uuid}/`);
    expect(detail.body.input_root).toEqual(['big.bin']);
  }, 300_000);
});
