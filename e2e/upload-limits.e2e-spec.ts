import { metricsText, processMemory, sample } from './support/gateway-metrics';
import { multipartHead, rawUpload } from './support/raw-multipart';
import { useTestStack } from './support/test-stack';

const MiB = 1024 * 1024;
const MB = 1_000_000;
const IDLE_SECONDS = 3;
/** Margin over the baseline for the gateway's memory after the aborted uploads. */
const MEMORY_MARGIN_MIB = 30;

const ctx = useTestStack({ UPLOAD_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });

async function poll<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Nothing stored or half-stored under projects/: no object, no unfinished multipart upload. */
async function storedUnderProjects(): Promise<{ objects: string[]; incomplete: string[] }> {
  const objects: string[] = [];
  for await (const object of ctx.t.storage.list('projects/')) objects.push(object.key);
  const incomplete = (await ctx.t.storage.listIncompleteUploads('projects/')).map((u) => u.key);
  return { objects, incomplete };
}

const nothingStored = (s: { objects: string[]; incomplete: string[] }) => s.objects.length === 0 && s.incomplete.length === 0;

describe('multipart bodies are bounded', () => {
  it('refuses 200 fields with a 400, and removes the file uploaded before them', async () => {
    const form = new FormData();
    form.set('upload_file', new Blob([Buffer.alloc(64 * 1024, 'x')]), 'first.bin');
    form.set('name', 'too many fields');
    for (let i = 0; i < 199; i++) form.append('labels', `label-${i}`);
    const res = await ctx.api.postForm('/api/projects/', form);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { detail: expect.stringMatching(/Too many fields/) } });
    expect(await poll(storedUnderProjects, nothingStored, 10_000)).toEqual({ objects: [], incomplete: [] });
    expect((await ctx.api.get('/api/projects/')).body.count).toBe(0);
  });

  it('refuses fields over the total size even when each is under it', async () => {
    const form = new FormData();
    form.set('name', 'too large in all');
    form.set('notes', 'n'.repeat(2 * MiB));
    form.set('extra_data', JSON.stringify({ padding: 'p'.repeat(MiB) }));
    const res = await ctx.api.postForm('/api/projects/', form);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { detail: expect.stringMatching(/Fields too large/) } });
  });

  it('still takes a form with every field and many list values', async () => {
    const form = new FormData();
    form.set('name', 'every field');
    for (let i = 0; i < 40; i++) form.append('labels', `label-${i}`);
    for (const url of ['https://example.com/a.zip', 'https://example.com/b.zip']) form.append('input_urls', url);
    form.set('pipeline', 'scan_codebase');
    form.set('execute_now', 'false');
    form.set('upload_file_tag', 'tag');
    form.set('notes', 'notes');
    form.set('settings', '{}');
    form.set('purl', 'pkg:npm/x@1');
    form.set('extra_data', '{}');
    form.set('upload_file', new Blob(['content']), 'f.txt');
    const res = await ctx.api.postForm('/api/projects/', form);
    expect(res.status).toBe(201);
    expect(res.body.labels).toHaveLength(40);
    await ctx.api.delete(`/api/projects/${res.body.uuid}/`);
  });
});

describe('an upload that stops half way', () => {
  it('releases everything when the client disconnects: no unfinished S3 upload, memory back to its baseline', async () => {
    const url = `${ctx.t.baseUrl}/api/projects/`;
    // Warm-up, so that the baseline includes the code paths of an upload. Buffers (the parts in
    // memory) count in `external`, not in the V8 heap, so both are compared.
    const warm = rawUpload(url, multipartHead([['name', 'warm-up']], 'warm.bin'), 12 * MiB);
    await warm.send(12 * MiB);
    warm.finish();
    const warmed = await warm.answer;
    expect(warmed.status).toBe(201);
    await ctx.api.delete(`/api/projects/${JSON.parse(warmed.body).uuid}/`);
    const baseline = await processMemory(ctx.t.baseUrl);

    // Each read must end when its client goes: well before the idle timeout would end it.
    const reading = async () => sample(await metricsText(ctx.t.baseUrl), 'gateway_multipart_bodies_in_progress');
    const releasedAfterMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const upload = rawUpload(url, multipartHead([['name', `aborted ${i}`]], 'big.bin'), 50 * MB);
      await upload.send(25 * MB);
      upload.req.destroy();
      const destroyed = Date.now();
      await upload.answer.catch(() => undefined);
      expect(await poll(reading, (n) => n === 0, 15_000)).toBe(0);
      releasedAfterMs.push(Date.now() - destroyed);
    }
    expect(Math.max(...releasedAfterMs)).toBeLessThan((IDLE_SECONDS - 1) * 1000);

    const stored = await poll(storedUnderProjects, nothingStored, 15_000);
    const within = (m: { heapMiB: number; externalMiB: number }) =>
      m.heapMiB <= baseline.heapMiB + MEMORY_MARGIN_MIB && m.externalMiB <= baseline.externalMiB + MEMORY_MARGIN_MIB;
    const after = await poll(() => processMemory(ctx.t.baseUrl), within, 30_000);
    console.log(`gateway memory (MiB) before 5 aborted 50 MB uploads ${JSON.stringify(baseline)}, after ${JSON.stringify(after)}; reads released ${JSON.stringify(releasedAfterMs)} ms after the disconnects`);
    expect(stored).toEqual({ objects: [], incomplete: [] });
    expect(after.heapMiB).toBeLessThanOrEqual(baseline.heapMiB + MEMORY_MARGIN_MIB);
    expect(after.externalMiB).toBeLessThanOrEqual(baseline.externalMiB + MEMORY_MARGIN_MIB);
    expect((await ctx.api.get('/api/projects/')).body.count).toBe(0);
  }, 120_000);

  it(`answers 408 after ${IDLE_SECONDS} s without data, and aborts the S3 upload`, async () => {
    const upload = rawUpload(`${ctx.t.baseUrl}/api/projects/`, multipartHead([['name', 'stalled']], 'stalled.bin'), 50 * MiB);
    await upload.send(20 * MiB);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([upload.answer, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 15_000)))]);
    clearTimeout(timer);
    upload.req.destroy();
    expect(answer).toEqual({ status: 408, body: JSON.stringify({ detail: `No request data received for ${IDLE_SECONDS} seconds.` }) });
    expect(Date.now() - started).toBeGreaterThanOrEqual((IDLE_SECONDS - 1) * 1000);
    expect(await poll(storedUnderProjects, nothingStored, 10_000)).toEqual({ objects: [], incomplete: [] });
  }, 60_000);

  it('lets a slow upload run longer than the idle timeout as long as data keeps coming', async () => {
    const chunks = 7;
    const upload = rawUpload(`${ctx.t.baseUrl}/api/projects/`, multipartHead([['name', 'slow link']], 'slow.bin'), chunks * 64 * 1024);
    const started = Date.now();
    for (let i = 0; i < chunks; i++) {
      await upload.send(64 * 1024);
      await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS * 1000) / 3));
    }
    upload.finish();
    const answer = await upload.answer;
    expect(Date.now() - started).toBeGreaterThan(IDLE_SECONDS * 1000 * 2);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).input_sources[0]).toMatchObject({ filename: 'slow.bin', is_uploaded: true, exists: true });
    expect((await ctx.t.storage.stat(`projects/${JSON.parse(answer.body).uuid}/input/slow.bin`))?.size).toBe(chunks * 64 * 1024);
  }, 60_000);
});
