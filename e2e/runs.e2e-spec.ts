import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestStack } from './support/test-stack';

const TOOLKIT_SCAN = join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json');

const s = useTestStack();

function uploadForm(name: string, extra: Record<string, string | string[]> = {}): FormData {
  const form = new FormData();
  form.set('name', name);
  for (const [k, v] of Object.entries(extra)) for (const value of [v].flat()) form.append(k, value);
  form.set('upload_file', new Blob([readFileSync(TOOLKIT_SCAN)]), 'scan.json');
  return form;
}

async function createWaitProject(name: string, settings: Record<string, unknown>, pipelines: string[] = ['wait_for_test'], executeNow = true) {
  const res = await s.api.post('/api/projects/', { name, pipeline: pipelines, execute_now: executeNow, settings });
  expect(res.status).toBe(201);
  return res.body;
}

describe('load_inventory through the API', () => {
  // What the pipeline loads is held to ScanCode.io's in process (libs/pipelines/src/pipelines/load-inventory*.int-spec.ts).
  it('runs on an uploaded ScanCode-toolkit scan, reports the run and serves the records', async () => {
    const created = await s.api.postForm('/api/projects/', uploadForm('inventory', { pipeline: 'load_inventory', execute_now: 'true' }));
    expect(created.status).toBe(201);
    const run = await s.api.waitForRun(created.body.runs[0].url);
    expect(run).toMatchObject({ status: 'success', task_exitcode: 0, task_output: '', current_step: '', scancodeio_version: expect.stringMatching(/^v\d/) });
    expect(run.execution_time).toEqual(expect.any(Number));
    expect(run.log).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} Pipeline \[load_inventory\] starting\n/);
    expect(run.log).toContain('Step [build_inventory_from_scans] completed in');
    const detail = (await s.api.get(`/api/projects/${created.body.uuid}/`)).body;
    expect(detail).toMatchObject({ resource_count: 6, package_count: 1, dependency_count: 1, codebase_resources_summary: { 'application-package': 6 } });
    const packages = (await s.api.get(`/api/projects/${created.body.uuid}/packages/`)).body;
    expect(packages.map((p: any) => p.purl)).toEqual(['pkg:npm/is-npm@1.0.0']);
    expect((await s.api.get(`/api/projects/${created.body.uuid}/resources/?type=file`)).body).toHaveLength(5);
    expect((await s.api.get(`/api/projects/${created.body.uuid}/dependencies/`)).body.map((d: any) => d.purl)).toEqual(['pkg:npm/ava']);
    expect((await s.api.get(`/api/projects/${created.body.uuid}/resources/?size=a`)).body).toEqual({ errors: { size: ['Enter a number.'] } });
    expect((await s.api.get(`/api/projects/${created.body.uuid}/resources/?path=package/index.js`)).body.map((r: any) => r.path)).toEqual(['package/index.js']);
    expect((await s.api.get(`/api/projects/${created.body.uuid}/dependencies/?is_runtime=true`)).body).toEqual({ errors: { is_runtime: ['Select a valid choice. true is not one of the available choices.'] } });
  });
});

describe('run lifecycle', () => {
  it('chains the next run after a success, and only the first starts at creation', async () => {
    const created = await s.api.postForm('/api/projects/', uploadForm('chain', { pipeline: ['load_inventory', 'wait_for_test'], execute_now: 'true', settings: '{"wait_items": 3}' }));
    const [first, second] = created.body.runs;
    expect(second.status).toBe('not_started');
    await s.api.waitForRun(first.url, (s) => s === 'success');
    const done = await s.api.waitForRun(second.url);
    expect(done.status).toBe('success');
  });

  it('stops the chain after a failure', async () => {
    const p = await createWaitProject('fail chain', { wait_items: 2, wait_fail: true }, ['wait_for_test', 'load_inventory']);
    const failed = await s.api.waitForRun(p.runs[0].url);
    expect(failed).toMatchObject({ status: 'failure', task_exitcode: 1 });
    expect(failed.task_output).toMatch(/^Failure requested by the test settings/);
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail.runs[1].status).toBe('not_started');
    expect(detail.next_run).toBe('load_inventory');
  });

  it('fails a run whose step did not leave what it must, saying what is missing, and stops the chain', async () => {
    const p = await createWaitProject('broken invariant', { wait_items: 2, wait_left_over: 3 }, ['wait_for_test', 'load_inventory']);
    const failed = await s.api.waitForRun(p.runs[0].url);
    expect(failed).toMatchObject({ status: 'failure', task_exitcode: 1 });
    expect(failed.task_output).toMatch(/^Step \[process_items\] did not complete: every item is processed, but 3 item\(s\) are left/);
    expect(failed.log).toContain('Pipeline failed: Step [process_items] did not complete: every item is processed, but 3 item(s) are left');
    expect(failed.log).not.toContain('Step [process_items] completed');
    expect((await s.api.get(`/api/projects/${p.uuid}/`)).body.runs[1].status).toBe('not_started');
  });

  it('refuses run actions with ScanCode.io\'s messages', async () => {
    const p = await createWaitProject('refusals', { wait_items: 1 }, ['wait_for_test', 'wait_for_test'], false);
    const [a, b] = p.runs.map((r: any) => r.url.replace(s.t.baseUrl, ''));
    expect(await s.api.post(`${a}stop_pipeline/`)).toMatchObject({ status: 400, body: { status: 'Pipeline is not running.' } });
    expect(await s.api.post(`${b}start_pipeline/`)).toMatchObject({ status: 400, body: { status: 'Cannot execute this action until all previous pipeline runs are completed.' } });
    expect(await s.api.post(`${b}delete_pipeline/`)).toMatchObject({ status: 200, body: { status: 'Pipeline wait_for_test deleted.' } });
    expect(await s.api.get(b)).toMatchObject({ status: 404, body: { detail: 'No Run matches the given query.' } });
    expect(await s.api.post(`${a}start_pipeline/`)).toMatchObject({ status: 200, body: { status: 'Pipeline wait_for_test started.' } });
    await s.api.waitForRun(`${s.t.baseUrl}${a}`);
    expect(await s.api.post(`${a}start_pipeline/`)).toMatchObject({ status: 400, body: { status: 'Pipeline already executed.' } });
    expect(await s.api.post(`${a}delete_pipeline/`)).toMatchObject({ status: 400, body: { status: 'Only non started or queued pipelines can be deleted.' } });
    expect((await s.api.request('GET', `${a}start_pipeline/`)).status).toBe(405);
  });

  it('stops a running run within seconds, between items', async () => {
    const p = await createWaitProject('stopper', { wait_items: 2000 });
    const runUrl = p.runs[0].url;
    const running = await s.api.waitForRun(runUrl, (s) => s === 'running');
    expect(running.task_start_date).not.toBeNull();
    await s.api.waitForRun(runUrl, () => true);
    const progressed = await poll(async () => (await s.api.get(runUrl.replace(s.t.baseUrl, ''))).body, (r) => r.current_step === '1/1 process_items' && r.progress?.total === 2000);
    expect(progressed.progress.done).toBeGreaterThanOrEqual(0);
    expect(await s.api.post(`/api/projects/${p.uuid}/archive/`)).toMatchObject({ status: 400, body: { status: 'Cannot archive project while a run is in progress.' } });
    expect(await s.api.delete(`/api/projects/${p.uuid}/`)).toMatchObject({ status: 400, body: { status: 'Cannot delete project while a run is in progress.' } });
    expect(await s.api.post(`${runUrl.replace(s.t.baseUrl, '')}start_pipeline/`)).toMatchObject({ status: 400, body: { status: 'Pipeline already started.' } });
    const stoppedAt = Date.now();
    expect(await s.api.post(`${runUrl.replace(s.t.baseUrl, '')}stop_pipeline/`)).toMatchObject({ status: 200, body: { status: 'Pipeline wait_for_test stopped.' } });
    const stopped = await s.api.waitForRun(runUrl);
    expect(stopped).toMatchObject({ status: 'stopped', task_exitcode: 99 });
    expect(stopped.log).toContain('Stop task requested');
    // The runner really stopped working on it: the log stops growing and no success is written.
    await new Promise((r) => setTimeout(r, 1500));
    const later = (await s.api.get(runUrl.replace(s.t.baseUrl, ''))).body;
    expect(later.status).toBe('stopped');
    expect(later.log).toContain('Pipeline stopped');
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  });

  it('resumes a run whose runner was killed on the next runner, and ends it stale once its attempts are used up', async () => {
    const resumed = await createWaitProject('killed once', { wait_items: 60 });
    // Killed once its first attempt's log is written: the claim shows the run running a moment
    // before the runner's first log flush, and a kill in between leaves no line of that attempt.
    const resumedPath = resumed.runs[0].url.replace(s.t.baseUrl, '');
    await poll(async () => (await s.api.get(resumedPath)).body, (r) => r.status === 'running' && r.log.includes('Pipeline [wait_for_test] starting'));
    await s.t.stack.kill('pipeline-runner', 'SIGKILL');
    await s.t.stack.start('pipeline-runner');
    const done = await s.api.waitForRun(resumed.runs[0].url, undefined, 60_000);
    expect(done.status).toBe('success');
    expect(done.log).toMatch(/Run resumed \(attempt 2 of 3\) after runner \S+ stopped renewing its lease/);
    expect(done.log.match(/Pipeline \[wait_for_test\] starting/g)).toHaveLength(2);

    // Killed on every attempt: after the third, nobody executes it again.
    const doomed = await createWaitProject('killed thrice', { wait_items: 2000 });
    const runPath = doomed.runs[0].url.replace(s.t.baseUrl, '');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await poll(async () => (await s.api.get(runPath)).body, (r) => r.status === 'running' && (r.log.match(/Pipeline \[wait_for_test\] starting/g) ?? []).length === attempt, 60_000);
      await s.t.stack.kill('pipeline-runner', 'SIGKILL');
      await s.t.stack.start('pipeline-runner');
    }
    const stale = await s.api.waitForRun(doomed.runs[0].url, (st) => st !== 'running', 60_000);
    expect(stale).toMatchObject({ status: 'stale', task_exitcode: 88, execution_time: null });
    expect(stale.log).toMatch(/Run marked stale: .*3 of RUN_MAX_ATTEMPTS=3|RUN_MAX_ATTEMPTS=3 attempt\(s\) are used up/);
    // A fresh runner neither re-runs the stale run nor loses later work.
    const next = await createWaitProject('after kill', { wait_items: 1 });
    expect((await s.api.waitForRun(next.runs[0].url)).status).toBe('success');
    expect((await s.api.get(runPath)).body.status).toBe('stale');
  });
});

async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
