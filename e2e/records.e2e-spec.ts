import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestStack } from './support/test-stack';

const FIXTURES = join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__');

const s = useTestStack();

async function load(name: string, fixture: string) {
  const form = new FormData();
  form.set('name', name);
  form.set('pipeline', 'load_inventory');
  form.set('execute_now', 'true');
  form.set('upload_file', new Blob([readFileSync(join(FIXTURES, fixture))]), fixture);
  const created = (await s.api.postForm('/api/projects/', form)).body;
  const run = await s.api.waitForRun(created.runs[0].url);
  return { project: created, run };
}

describe('relations', () => {
  it('loads ScanCode.io results with relations and lists them by path', async () => {
    const { project, run } = await load('d2d', 'scanpipe-d2d.json');
    expect(run.status).toBe('success');
    const relations = await s.api.get(`/api/projects/${project.uuid}/relations/`);
    expect(relations.body).toEqual([{ to_resource: 'to/usr/sbin/adduser', status: 'mapped', map_type: 'sha1', score: '', from_resource: 'from/adduser.pl' }]);
    expect((await s.api.get(`/api/projects/${project.uuid}/relations/?map_type=path`)).body).toEqual([]);
    const detail = (await s.api.get(`/api/projects/${project.uuid}/`)).body;
    expect(detail).toMatchObject({ relation_count: 1, codebase_relations_summary: { sha1: 1 } });
  });
});

describe('messages and errors', () => {
  it('records one message per bad record and still loads the rest', async () => {
    const { project, run } = await load('broken', 'broken-bad-purl.json');
    expect(run.status).toBe('success');
    const messages = await s.api.get(`/api/projects/${project.uuid}/messages/`);
    expect(messages.body.count).toBe(12);
    expect(Object.keys(messages.body.results[0])).toEqual(['uuid', 'severity', 'description', 'model', 'details', 'traceback', 'created_date']);
    expect(messages.body.results[0]).toMatchObject({ severity: 'error', description: 'No values for the following required fields: name', model: 'load_inventory', traceback: [] });
    expect((await s.api.get(`/api/projects/${project.uuid}/messages/?severity=error`)).body.count).toBe(10);
    expect(await s.api.get(`/api/projects/${project.uuid}/messages/?severity=bogus`)).toMatchObject({
      status: 400,
      body: { errors: { severity: ['Select a valid choice. bogus is not one of the available choices.'] } },
    });
    const errors = (await s.api.get(`/api/projects/${project.uuid}/errors/`)).body;
    expect(errors).toHaveLength(10);
    expect(Object.keys(errors[0])).toEqual(['uuid', 'model', 'message', 'created_date', 'severity', 'details', 'traceback']);
    expect(errors[0].message).toBe('No values for the following required fields: name');
    expect(errors[1].message).toMatch(/^Invalid Package URL/);
    expect((await s.api.get(`/api/projects/${project.uuid}/`)).body.message_count).toBe(12);
  });
});

describe('work queue', () => {
  it('keeps a queued run while no runner is up and executes it once one starts', async () => {
    await s.t.stack.kill('pipeline-runner');
    const created = (await s.api.post('/api/projects/', { name: 'queued', pipeline: 'wait_for_test', execute_now: true, settings: { wait_items: 1 } })).body;
    expect(created.runs[0].status).toBe('queued');
    await new Promise((r) => setTimeout(r, 500));
    expect((await s.api.get(created.runs[0].url.replace(s.t.baseUrl, ''))).body.status).toBe('queued');
    await s.t.stack.start('pipeline-runner');
    const run = await s.api.waitForRun(created.runs[0].url);
    expect(run.status).toBe('success');
    expect(run.log.match(/Pipeline \[wait_for_test\] starting/g)).toHaveLength(1);
  });
});

describe('documentation', () => {
  it('serves the OpenAPI document and the interactive docs', async () => {
    expect((await fetch(`${s.t.baseUrl}/api/docs`)).status).toBe(200);
    const doc = (await (await fetch(`${s.t.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/projects', '/api/runs/{uuid}/stop_pipeline']));
  });
});
