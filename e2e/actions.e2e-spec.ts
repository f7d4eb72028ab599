import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestStack } from './support/test-stack';

const TOOLKIT_SCAN = join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json');
const ARCHIVE_USAGE_START = 'POST on this URL to archive the project. You can choose to remove workspace directories by providing the following parameters:';

const s = useTestStack();

async function keys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of s.t.storage.list(prefix)) out.push(o.key.slice(prefix.length));
  return out.sort();
}

async function loadedProject(name: string) {
  const form = new FormData();
  form.set('name', name);
  form.set('pipeline', 'load_inventory');
  form.set('execute_now', 'true');
  form.set('upload_file', new Blob([readFileSync(TOOLKIT_SCAN)]), 'scan.json');
  const created = (await s.api.postForm('/api/projects/', form)).body;
  expect((await s.api.waitForRun(created.runs[0].url)).status).toBe('success');
  return created;
}

describe('add_input', () => {
  it('adds URLs and uploads, with fragment tags, and refuses once a run started', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'inputs' })).body;
    const path = `/api/projects/${p.uuid}/add_input/`;
    expect(await s.api.get(path)).toMatchObject({ status: 400, body: { status: 'upload_file or input_urls required.' } });
    expect(await s.api.post(path, {})).toMatchObject({ status: 400, body: { status: 'upload_file or input_urls required.' } });
    expect(await s.api.post(path, { input_urls: ['https://example.com/archive.zip#tag', 'https://example.com/b.zip https://example.com/c.zip'] })).toMatchObject({ status: 201, body: { status: 'Input(s) added.' } });
    expect(await s.api.post(path, { input_urls: 'https://example.com/single.zip' })).toMatchObject({ status: 201 });
    const form = new FormData();
    form.set('upload_file', new Blob(['content']), 'file.txt');
    form.set('upload_file_tag', '');
    expect(await s.api.postForm(path, form)).toMatchObject({ status: 201, body: { status: 'Input(s) added.' } });
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail.input_sources.map((s: any) => [s.download_url, s.tag, s.is_uploaded])).toEqual([
      ['https://example.com/archive.zip#tag', 'tag', false],
      ['https://example.com/b.zip', '', false],
      ['https://example.com/c.zip', '', false],
      ['https://example.com/single.zip', '', false],
      ['', '', true],
    ]);
    expect(await s.api.post(path, { input_urls: 5 })).toMatchObject({ status: 400, body: { input_urls: ['Expected a list of items but got type "int".'] } });

    const started = await loadedProject('inputs started');
    const refused = new FormData();
    refused.set('upload_file', new Blob(['late']), 'late.txt');
    const res = await s.api.postForm(`/api/projects/${started.uuid}/add_input/`, refused);
    expect(res).toMatchObject({ status: 400, body: { status: 'Cannot add inputs once a pipeline has started to execute.' } });
    expect(await keys(`projects/${started.uuid}/input/`)).toEqual(['scan.json']);
  });
});

describe('add_pipeline and add_webhook', () => {
  it('adds runs with groups and executes at once on request', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'pipelines', settings: { wait_items: 1 } })).body;
    const path = `/api/projects/${p.uuid}/add_pipeline/`;
    const usage = await s.api.get(path);
    expect(usage).toMatchObject({ status: 400, body: { status: 'Pipeline required.', pipelines: expect.arrayContaining(['load_inventory', 'wait_for_test']) } });
    expect(await s.api.post(path, { pipeline: 'not_available' })).toMatchObject({ status: 400, body: { status: 'not_available is not a valid pipeline.' } });
    expect(await s.api.post(path, { pipeline: 'wait_for_test:Group1,Group2' })).toMatchObject({ status: 201, body: { status: 'Pipeline added.' } });
    let detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail.runs[0]).toMatchObject({ status: 'not_started', selected_groups: ['Group1', 'Group2'] });
    // The form string "false" means false here (ScanCode.io would execute).
    expect(await s.api.postForm(path, new URLSearchParams({ pipeline: 'wait_for_test', execute_now: 'false' }))).toMatchObject({ status: 201 });
    detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail.runs.map((r: any) => r.status)).toEqual(['not_started', 'not_started']);
    await s.api.post(path, { pipeline: 'wait_for_test', execute_now: true });
    const last = (await s.api.get(`/api/projects/${p.uuid}/`)).body.runs;
    for (const run of last) expect((await s.api.waitForRun(run.url)).status).toBe('success');
  });

  it('validates and stores webhooks', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'hooks' })).body;
    const path = `/api/projects/${p.uuid}/add_webhook/`;
    expect(await s.api.post(path, {})).toMatchObject({ status: 400, body: { target_url: ['This field is required.'] } });
    const missing = '/api/projects/00000000-0000-0000-0000-000000000000';
    for (const action of ['add_webhook/', 'add_pipeline/']) {
      expect(await s.api.post(`${missing}/${action}`, {})).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
    }
    expect(await s.api.get(`${missing}/archive/`)).toMatchObject({ status: 404 });
    expect(await s.api.post(path, { target_url: 'invalid-url' })).toMatchObject({ status: 400, body: { target_url: ['Enter a valid URL.'] } });
    expect(await s.api.post(path, { target_url: 'https://hooks.example/x', trigger_on_each_run: true })).toMatchObject({ status: 201, body: { status: 'Webhook added.' } });
    const rows = (await queryDb(`SELECT target_url, trigger_on_each_run, is_active FROM webhook_subscriptions WHERE project_uuid = '${p.uuid}'`));
    expect(rows).toEqual([{ target_url: 'https://hooks.example/x', trigger_on_each_run: true, is_active: true }]);
  });
});

describe('archive and reset', () => {
  it('archives with the chosen removals and keeps the records', async () => {
    const p = await loadedProject('archive me');
    await s.t.storage.putBuffer(`projects/${p.uuid}/codebase/package/index.js`, 'code');
    await s.t.storage.putBuffer(`projects/${p.uuid}/output/results.json`, '{}');
    const path = `/api/projects/${p.uuid}/archive/`;
    expect((await s.api.get(path)).body.status.startsWith(ARCHIVE_USAGE_START)).toBe(true);
    expect(await s.api.post(path, { remove_input: 'maybe' })).toMatchObject({ status: 400, body: { remove_input: ['Must be a valid boolean.'] } });
    expect(await s.api.post(path, { remove_input: true })).toMatchObject({ status: 200, body: { status: 'The project archive me has been archived.' } });
    expect(await keys(`projects/${p.uuid}/input/`)).toEqual([]);
    expect(await keys(`projects/${p.uuid}/codebase/`)).toEqual(['package/index.js']);
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail).toMatchObject({ is_archived: true, resource_count: 6 });
    expect(detail.input_sources[0].exists).toBe(false);
    expect((await s.api.get('/api/projects/?is_archived=true')).body.results.map((x: any) => x.name)).toEqual(['archive me']);
    expect(await s.api.post(path, { remove_codebase: true, remove_output: true })).toMatchObject({ status: 200 });
    expect(await keys(`projects/${p.uuid}/`)).toEqual([]);
  });

  it('resets records and files, keeping inputs and webhooks by default', async () => {
    const p = await loadedProject('reset me');
    await s.api.post(`/api/projects/${p.uuid}/add_webhook/`, { target_url: 'https://hooks.example/r' });
    await s.t.storage.putBuffer(`projects/${p.uuid}/codebase/a.txt`, 'a');
    const path = `/api/projects/${p.uuid}/reset/`;
    expect(await s.api.get(path)).toMatchObject({ status: 200, body: { status: 'POST on this URL to reset the project.' } });
    expect(await s.api.post(path, { restore_pipelines: true })).toMatchObject({ status: 200, body: { status: 'The reset me project has been reset.' } });
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail).toMatchObject({ resource_count: 0, package_count: 0, extra_data: {}, codebase_resources_summary: {} });
    expect(detail.runs.map((r: any) => [r.pipeline_name, r.status])).toEqual([['load_inventory', 'not_started']]);
    expect(detail.input_sources).toHaveLength(1);
    expect(await keys(`projects/${p.uuid}/`)).toEqual(['input/scan.json']);
    expect(await queryDb(`SELECT count(*)::int AS n FROM webhook_subscriptions WHERE project_uuid = '${p.uuid}'`)).toEqual([{ n: 1 }]);
    expect(await s.api.post(path, { keep_input: false, keep_webhook: false })).toMatchObject({ status: 200 });
    expect(await keys(`projects/${p.uuid}/`)).toEqual([]);
    expect((await s.api.get(`/api/projects/${p.uuid}/`)).body.input_sources).toEqual([]);
  });
});

describe('file_content', () => {
  it('serves codebase text for exact resource paths only', async () => {
    const p = await loadedProject('content');
    await s.t.storage.putBuffer(`projects/${p.uuid}/codebase/package/index.js`, 'line1\r\nline2');
    const path = `/api/projects/${p.uuid}/file_content/`;
    expect(await s.api.get(`${path}?path=package/index.js`)).toMatchObject({ status: 200, body: { file_content: 'line1\nline2\n' } });
    expect(await s.api.get(path)).toMatchObject({ status: 400, body: { status: 'Resource not found. Use ?path=<resource_path>' } });
    expect(await s.api.get(`${path}?path=../../etc/passwd`)).toMatchObject({ status: 400, body: { status: 'Resource not found. Use ?path=<resource_path>' } });
    expect(await s.api.get(`${path}?path=package/readme.md`)).toMatchObject({ status: 400, body: { status: 'File not available' } });
  });
});

async function queryDb(sql: string): Promise<unknown[]> {
  const { Client } = await import('pg');
  const c = new Client({ connectionString: s.t.db.url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}
