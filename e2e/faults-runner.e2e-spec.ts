import { Client } from 'pg';
import { npmRegistryTree, tarballOf } from './support/registry-tree';
import { PrivatePostgres, startPrivatePostgres } from './support/private-services';
import { useTestStack } from './support/test-stack';

/**
 * A runner killed mid-scan and PostgreSQL restarted mid-scan, on a tree of about 5,000
 * files, on a PostgreSQL server of this file's own (it is restarted here, which the other test
 * files must not see). Each faulty run is compared with an undisturbed run of the same input.
 */
const PACKAGES = ['express@4.21.2', 'moment@2.30.1', 'handlebars@4.7.8', 'js-yaml@4.1.0', 'semver@7.6.3', 'bluebird@3.7.2', 'lodash@4.17.21', 'rxjs@7.8.1'];
const NAME = 'fault-tree';
const RUN_TIMEOUT = 600_000;
const ENDED = (status: string) => ['success', 'failure', 'stopped', 'stale'].includes(status);

let pg: PrivatePostgres;
beforeAll(async () => {
  pg = await startPrivatePostgres();
}, 60_000);

const s = useTestStack({ SCAN_PROCESSES: '2', RUN_DEPENDENCY_WAIT_SECONDS: '120' }, () => ({ pgAdminUrl: pg.adminUrl }));
// After the stack's own afterAll (hooks run in the order they are declared): it drops its database there.
afterAll(async () => {
  await pg?.stop();
});

let tarball: string;
let db: Client;
let undisturbed: Counts;

interface Counts {
  resources: number;
  distinct_paths: number;
  packages: number;
  dependencies: number;
  licenses: number;
  messages: number;
  scanned: number;
  with_license: number;
}

async function counts(projectUuid: string): Promise<Counts> {
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM codebase_resources WHERE project_uuid = $1) AS resources,
            (SELECT count(DISTINCT path)::int FROM codebase_resources WHERE project_uuid = $1) AS distinct_paths,
            (SELECT count(*)::int FROM discovered_packages WHERE project_uuid = $1) AS packages,
            (SELECT count(*)::int FROM discovered_dependencies WHERE project_uuid = $1) AS dependencies,
            (SELECT count(*)::int FROM discovered_licenses WHERE project_uuid = $1) AS licenses,
            (SELECT count(*)::int FROM project_messages WHERE project_uuid = $1) AS messages,
            (SELECT count(*)::int FROM codebase_resources WHERE project_uuid = $1 AND status = 'scanned') AS scanned,
            (SELECT count(*)::int FROM codebase_resources WHERE project_uuid = $1 AND detected_license_expression <> '') AS with_license`,
    [projectUuid],
  );
  return rows[0] as Counts;
}

async function startScan(name: string) {
  const form = new FormData();
  form.set('name', `${name}-${Date.now()}`);
  form.set('pipeline', 'scan_codebase');
  form.set('execute_now', 'true');
  form.set('upload_file', new Blob([await import('node:fs').then((fs) => fs.readFileSync(tarball))]), `${NAME}.tar.gz`);
  const created = await s.api.postForm('/api/projects/', form);
  expect(created.status).toBe(201);
  return created.body;
}

/** While a dependency is away: every service that uses it answers /health/ready with 503 naming it. */
async function expectOutageReported(check: 'database' | 'storage'): Promise<void> {
  const ports = { 'project-store': s.t.env.PROJECT_STORE_PORT, 'pipeline-runner': s.t.env.RUNNER_PORT, reporting: s.t.env.REPORTING_PORT, 'webhook-dispatcher': s.t.env.WEBHOOK_DISPATCHER_PORT };
  for (const [name, port] of Object.entries(ports)) {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect([name, res.status, ((await res.json()) as { checks: Record<string, string> }).checks[check]]).toEqual([name, 503, expect.stringMatching(/^error: /)]);
  }
}

/** After an outage: the run succeeded, no service exited, any resume started clean, and nothing differs from an undisturbed run. */
async function expectRecoveredLikeUndisturbed(run: { status: string; log: string }, projectUuid: string): Promise<void> {
  expect(run.status).toBe('success');
  for (const [name, child] of s.t.stack.children) expect([name, child.exitCode, child.signalCode]).toEqual([name, null, null]);
  const resumes = run.log.match(/Run resumed [^\n]+/g) ?? [];
  // Either recovery path starts clean: the runner sees the outage and resumes the run itself, or,
  // on a loaded machine, its lease lapses during the outage first and the run is taken over as a
  // lost one. Both remove the lost attempt's records; the counts below show nothing differs.
  const cleanResume = /^Run resumed \(attempt \d of 3\) after (a dependency outage \(.+\)|runner \S+ stopped renewing its lease); \d+ record\(s\) of the lost attempt removed$/;
  for (const line of resumes) expect(line).toMatch(cleanResume);
  expect(await counts(projectUuid)).toEqual(undisturbed);
}

async function untilStep(runUrl: string, step: string): Promise<void> {
  const path = runUrl.replace(s.t.baseUrl, '');
  const deadline = Date.now() + RUN_TIMEOUT;
  for (;;) {
    const run = (await s.api.get(path)).body;
    if (String(run.current_step).endsWith(step) && run.progress?.done > 0) return;
    if (run.status !== 'running' && run.status !== 'queued') throw new Error(`run ended (${run.status}) before ${step}`);
    if (Date.now() > deadline) throw new Error(`run never reached ${step}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  tarball = tarballOf(npmRegistryTree(NAME, PACKAGES), NAME);
  db = new Client({ connectionString: s.t.env.DATABASE_URL });
  db.on('error', () => undefined);
  await db.connect();
  const p = await startScan('undisturbed');
  expect((await s.api.waitForRun(p.runs[0].url, ENDED, RUN_TIMEOUT)).status).toBe('success');
  undisturbed = await counts(p.uuid);
  expect(undisturbed.resources).toBeGreaterThan(4000);
}, RUN_TIMEOUT);

afterAll(async () => {
  await db?.end().catch(() => undefined);
});

describe('a runner killed mid-scan_codebase', () => {
  it('is resumed by a new runner from a clean state, with the counts of an undisturbed run', async () => {
    const p = await startScan('killed');
    await untilStep(p.runs[0].url, 'scan_for_files');
    await s.t.stack.kill('pipeline-runner', 'SIGKILL');
    await s.t.stack.start('pipeline-runner');
    const run = await s.api.waitForRun(p.runs[0].url, ENDED, RUN_TIMEOUT);
    expect(run.status).toBe('success');
    expect(run.log).toMatch(/Run resumed \(attempt 2 of 3\) after runner \S+ stopped renewing its lease; \d+ record\(s\) of the lost attempt removed/);
    expect(await counts(p.uuid)).toEqual(undisturbed);
  }, RUN_TIMEOUT);
});

describe('PostgreSQL restarted mid-scan', () => {
  it('keeps every service up and ends the run in success, with the counts of an undisturbed run', async () => {
    const p = await startScan('pg-restart');
    await untilStep(p.runs[0].url, 'scan_for_files');
    await db.end().catch(() => undefined);
    await pg.restart(async () => {
      await expectOutageReported('database');
      await new Promise((r) => setTimeout(r, 2000));
    });
    db = new Client({ connectionString: s.t.env.DATABASE_URL });
    db.on('error', () => undefined);
    await db.connect();
    await expectRecoveredLikeUndisturbed(await s.api.waitForRun(p.runs[0].url, ENDED, RUN_TIMEOUT), p.uuid);
  }, RUN_TIMEOUT);
});

describe('object storage unavailable mid-scan', () => {
  it('keeps every service up, reports the outage, and ends the run in success with the counts of an undisturbed run', async () => {
    const p = await startScan('s3-outage');
    await untilStep(p.runs[0].url, 'scan_for_files');
    await s.t.s3Outage(async () => {
      await expectOutageReported('storage');
      await new Promise((r) => setTimeout(r, 15_000));
    });
    await expectRecoveredLikeUndisturbed(await s.api.waitForRun(p.runs[0].url, ENDED, RUN_TIMEOUT), p.uuid);
  }, RUN_TIMEOUT);
});
