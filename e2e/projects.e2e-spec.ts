import { useTestStack } from './support/test-stack';

const LIST_KEYS = ['name', 'url', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'input_sources', 'next_run', 'runs', 'results_url', 'summary_url'];
const DETAIL_KEYS = [
  'name', 'url', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'settings', 'input_sources', 'input_root', 'output_root',
  'next_run', 'runs', 'extra_data', 'message_count', 'resource_count', 'package_count', 'dependency_count', 'relation_count',
  'codebase_resources_summary', 'discovered_packages_summary', 'discovered_dependencies_summary', 'codebase_relations_summary', 'results_url', 'summary_url',
];
const RUN_KEYS = ['url', 'pipeline_name', 'status', 'description', 'selected_groups', 'selected_steps', 'project', 'uuid', 'created_date', 'scancodeio_version', 'task_id', 'task_start_date', 'task_end_date', 'task_exitcode', 'task_output', 'log', 'execution_time', 'current_step', 'progress'];

const s = useTestStack();

describe('POST /api/projects/', () => {
  it('creates from JSON with the list field set, a Location header and an absolute url', async () => {
    const res = await s.api.post('/api/projects/', { name: 'json one', labels: ['label2', 'label1'], notes: 'n', pipeline: 'load_inventory:G1,G2', input_urls: 'https://example.com/a.zip#tag1 https://example.com/b.zip' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(LIST_KEYS);
    expect(res.headers.get('location')).toBe(res.body.url);
    expect(res.body.url).toBe(`${s.t.baseUrl}/api/projects/${res.body.uuid}/`);
    expect(res.body.labels).toEqual(['label1', 'label2']);
    expect(res.body.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(res.body.input_sources.map((s: any) => [s.download_url, s.tag, s.filename, s.exists])).toEqual([
      ['https://example.com/a.zip#tag1', 'tag1', '', false],
      ['https://example.com/b.zip', '', '', false],
    ]);
    expect(res.body.next_run).toBe('load_inventory');
    const run = res.body.runs[0];
    expect(Object.keys(run)).toEqual(RUN_KEYS);
    expect(run).toMatchObject({ pipeline_name: 'load_inventory', status: 'not_started', selected_groups: ['G1', 'G2'], selected_steps: null, task_id: null, task_exitcode: null, task_output: '', scancodeio_version: '', execution_time: null });
    expect(run.description).toBe('Load JSON/XLSX inventory files generated with ScanCode-toolkit or ScanCode.io.');
  });

  it('creates from form data and multipart, with the upload stored and tagged', async () => {
    const form = new URLSearchParams({ name: 'form one', execute_now: 'false', pipeline: 'load_inventory' });
    const res = await s.api.postForm('/api/projects/', form);
    expect(res.status).toBe(201);
    expect(res.body.runs[0].status).toBe('not_started');

    const mp = new FormData();
    mp.set('name', 'multipart one');
    mp.set('upload_file_tag', 'mytag');
    mp.set('upload_file', new Blob(['{"hello": 1}']), '../../evil name.json');
    const up = await s.api.postForm('/api/projects/', mp);
    expect(up.status).toBe(201);
    expect(up.body.input_sources).toEqual([{ filename: 'evil name.json', download_url: '', is_uploaded: true, tag: 'mytag', exists: true, uuid: expect.any(String) }]);
    expect(await s.t.storage.exists(`projects/${up.body.uuid}/input/evil name.json`)).toBe(true);
    const detail = await s.api.get(`/api/projects/${up.body.uuid}/`);
    expect(detail.body.input_root).toEqual(['evil name.json']);
  });

  it('sets the purl from a single registry URL', async () => {
    const res = await s.api.post('/api/projects/', { name: 'purl one', input_urls: ['https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz'] });
    expect(res.body.purl).toBe('pkg:npm/lodash@4.17.21');
    const two = await s.api.post('/api/projects/', { name: 'purl two', input_urls: ['https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz', 'https://example.com/x'] });
    expect(two.body.purl).toBe('');
  });

  it('answers bad input with DRF field errors and creates nothing', async () => {
    const cases: [unknown, unknown][] = [
      [{}, { name: ['This field is required.'] }],
      [{ name: '' }, { name: ['This field may not be blank.'] }],
      [{ name: 'x'.repeat(101) }, { name: ['Ensure this field has no more than 100 characters.'] }],
      [{ name: 5 }, { name: ['Not a valid string.'] }],
      [{ name: 'bad pipeline', pipeline: 'wrong_pipeline' }, { pipeline: ['"wrong_pipeline" is not a valid choice.'] }],
      [{ name: 'comma pipelines', pipeline: 'load_inventory,wait_for_test' }, { pipeline: ['"load_inventory,wait_for_test" is not a valid choice.'] }],
      [{ name: 'bad bool', execute_now: 'perhaps' }, { execute_now: ['Must be a valid boolean.'] }],
      [{ name: 'unknown', pipelines: ['load_inventory'] }, { pipelines: ['This field is not allowed.'] }],
      [{ name: 'hooks', webhooks: [{ target_url: 'https://ok.example/' }, { include_summary: true }, { target_url: 'invalid-url' }] },
        { webhooks: [{}, { target_url: ['This field is required.'] }, { target_url: ['Enter a valid URL.'] }] }],
      [{ name: 'urls', input_urls: 5 }, { input_urls: ['Expected a list of items but got type "int".'] }],
      [{ name: 'settings', settings: 'nope' }, { settings: ['Value must be valid JSON.'] }],
      [{ name: 'tag', upload_file_tag: '' }, { upload_file_tag: ['This field may not be blank.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await s.api.post('/api/projects/', body);
      expect({ body, status: res.status, errors: res.body }).toEqual({ body, status: 400, errors });
    }
    const malformed = await s.api.request('POST', '/api/projects/', { raw: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    const list = await s.api.get('/api/projects/?name=bad%20pipeline');
    expect(list.body.count).toBe(0);
  });

  it('refuses a duplicate name and removes the duplicate upload', async () => {
    await s.api.post('/api/projects/', { name: 'dup' });
    const mp = new FormData();
    mp.set('name', 'dup');
    mp.set('upload_file', new Blob(['data']), 'dup-upload.bin');
    const res = await s.api.postForm('/api/projects/', mp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ name: ['project with this name already exists.'] });
    const keys: string[] = [];
    for await (const o of s.t.storage.list('projects/')) keys.push(o.key);
    expect(keys.filter((k) => k.endsWith('dup-upload.bin'))).toEqual([]);
  });
});

describe('webhooks and tokens at creation', () => {
  it('stores webhook_url and webhooks subscriptions, newest first', async () => {
    const res = await s.api.post('/api/projects/', {
      name: 'with hooks',
      webhook_url: 'https://hooks.example/plain',
      webhooks: [{ target_url: 'https://hooks.example/a', include_summary: 'true' }, { target_url: 'https://hooks.example/b', is_active: false }],
    });
    expect(res.status).toBe(201);
    const { Client } = await import('pg');
    const c = new Client({ connectionString: s.t.db.url });
    await c.connect();
    const rows = (await c.query('SELECT target_url, trigger_on_each_run, include_summary, is_active FROM webhook_subscriptions WHERE project_uuid = $1 ORDER BY created_date DESC', [res.body.uuid])).rows;
    await c.end();
    expect(rows).toEqual([
      { target_url: 'https://hooks.example/b', trigger_on_each_run: false, include_summary: false, is_active: false },
      { target_url: 'https://hooks.example/a', trigger_on_each_run: false, include_summary: true, is_active: true },
      { target_url: 'https://hooks.example/plain', trigger_on_each_run: false, include_summary: false, is_active: true },
    ]);
  });

  it('refuses a bad token even though authentication is not required', async () => {
    const res = await s.api.get('/api/projects/', { authorization: `Token ${'a'.repeat(64)}` });
    expect(res).toMatchObject({ status: 401, body: { detail: 'Invalid token.' } });
    expect(res.headers.get('www-authenticate')).toBe('Token');
    expect((await s.api.get('/api/projects/', { authorization: 'Bearer whatever' })).status).toBe(200);
  });
});

describe('GET /api/projects/', () => {
  it('filters and paginates with absolute links', async () => {
    for (let i = 0; i < 52; i++) await s.api.post('/api/projects/', { name: `page-${String(i).padStart(2, '0')}`, labels: i % 2 ? ['Odd One'] : [] });
    const first = await s.api.get('/api/projects/?name__startswith=page-');
    expect(first.body.count).toBe(52);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${s.t.baseUrl}/api/projects/?name__startswith=page-&page=2`);
    expect(first.body.results[0].name).toBe('page-51');
    const second = await s.api.get(first.body.next.replace(s.t.baseUrl, ''));
    expect(second.body.results.map((p: any) => p.name)).toEqual(['page-01', 'page-00']);
    expect(second.body.previous).toBe(`${s.t.baseUrl}/api/projects/?name__startswith=page-`);
    expect(second.body.next).toBeNull();
    expect((await s.api.get('/api/projects/?name__startswith=page-&page=3')).body).toEqual({ detail: 'Invalid page.' });
    expect((await s.api.get('/api/projects/?name__startswith=page-&page=3')).status).toBe(404);
    expect((await s.api.get('/api/projects/?name__startswith=page-&page=last')).body.results).toHaveLength(2);

    expect((await s.api.get('/api/projects/?label=odd-one')).body.count).toBe(26);
    expect((await s.api.get('/api/projects/?name=page-07')).body.results.map((p: any) => p.name)).toEqual(['page-07']);
    expect((await s.api.get('/api/projects/?name__contains=ge-1')).body.count).toBe(10);
    expect((await s.api.get('/api/projects/?name__endswith=-09')).body.count).toBe(1);
    expect((await s.api.get('/api/projects/?names=ge-01,%20ge-02,%20')).body.count).toBe(2);
    expect((await s.api.get('/api/projects/?name__contains=GE-1')).body.count).toBe(0);
    expect((await s.api.get('/api/projects/?is_archived=true')).body.count).toBe(0);
    expect((await s.api.get('/api/projects/?uuid=not-a-uuid')).body).toEqual({ uuid: ['Enter a valid UUID.'] });
    const one = first.body.results[3];
    expect((await s.api.get(`/api/projects/?uuid=${one.uuid}`)).body.results.map((p: any) => p.uuid)).toEqual([one.uuid]);
  });
});

describe('GET and DELETE /api/projects/<uuid>/', () => {
  it('serves the detail field set and deletes with 204, removing stored files', async () => {
    const mp = new FormData();
    mp.set('name', 'to delete');
    mp.set('upload_file', new Blob(['x']), 'in.txt');
    const created = await s.api.postForm('/api/projects/', mp);
    const path = `/api/projects/${created.body.uuid}/`;
    const detail = await s.api.get(path);
    expect(Object.keys(detail.body)).toEqual(DETAIL_KEYS);
    expect(detail.body).toMatchObject({
      settings: {}, extra_data: {}, resource_count: 0, codebase_resources_summary: {}, codebase_relations_summary: {},
      discovered_packages_summary: { total: 0, with_missing_resources: 0, with_modified_resources: 0 },
      discovered_dependencies_summary: { total: 0, is_runtime: 0, is_optional: 0, is_pinned: 0 },
      results_url: `${s.t.baseUrl}${path}results/`, summary_url: `${s.t.baseUrl}${path}summary/`,
    });
    const del = await s.api.delete(path);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await s.api.get(path)).body).toEqual({ detail: 'No Project matches the given query.' });
    expect(await s.t.storage.exists(`projects/${created.body.uuid}/input/in.txt`)).toBe(false);
  });

  it('answers unknown and malformed ids with 404 and wrong methods with 405', async () => {
    expect(await s.api.get('/api/projects/00000000-0000-0000-0000-000000000000/')).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
    expect(await s.api.get('/api/projects/nope/')).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.get('/api/runs/00000000-0000-0000-0000-000000000000/')).toMatchObject({ status: 404, body: { detail: 'No Run matches the given query.' } });
    expect(await s.api.request('PUT', '/api/projects/00000000-0000-0000-0000-000000000000/')).toMatchObject({ status: 405, body: { detail: 'Method "PUT" not allowed.' } });
    expect(await s.api.get('/api/')).toMatchObject({ status: 200, body: { projects: `${s.t.baseUrl}/api/projects/` } });
  });
});
