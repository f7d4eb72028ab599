// Issue 13 benchmark: each fault an operator meets, on a stack with its own PostgreSQL and
// RabbitMQ (restarted here): how long until the system works again, and whether anything was
// lost (a run's records against an undisturbed run of the same input, runs, webhooks).
const { execFileSync } = require('node:child_process');
const http = require('node:http');
const { existsSync, mkdirSync, openAsBlob, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { startBenchStack } = require('./lib/bench-stack');
const { waitFor, waitForRunEnd } = require('./lib/wait');
const { startPrivatePostgres, startPrivateRabbit } = require('../scripts/private-services');

const DATA = join(__dirname, '.data');
const PACKAGES = ['express@4.21.2', 'moment@2.30.1', 'handlebars@4.7.8', 'js-yaml@4.1.0', 'semver@7.6.3', 'bluebird@3.7.2', 'lodash@4.17.21', 'rxjs@7.8.1'];

function faultTree() {
  const dir = join(DATA, 'fault-tree');
  const tarball = join(DATA, 'fault-tree.tar.gz');
  if (!existsSync(join(dir, 'package-lock.json'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fault-tree', version: '1.0.0', private: true }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', ...PACKAGES], { cwd: dir, stdio: 'inherit' });
  }
  if (!existsSync(tarball)) execFileSync('tar', ['-czf', tarball, '-C', DATA, 'fault-tree']);
  return tarball;
}

/** A webhook receiver whose first answer to a path can be held open. */
function receiver() {
  const got = [];
  const hold = new Set();
  const held = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url, delivery: req.headers['x-scanworks-delivery'], at: Date.now(), body: Buffer.concat(chunks).toString() });
      if (hold.delete(req.url)) return void held.push(res);
      res.writeHead(200).end('ok');
    });
  });
  return {
    got,
    hold: (path) => hold.add(path),
    start: () => new Promise((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${server.address().port}`))),
    stop: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

async function main() {
  const tarball = faultTree();
  const [pg, rabbit] = await Promise.all([startPrivatePostgres(), startPrivateRabbit()]);
  const hooks = receiver();
  const hookBase = await hooks.start();
  const bench = await startBenchStack('faults', {
    pgAdminUrl: pg.adminUrl,
    amqpUrl: rabbit.url,
    env: {
      HEARTBEAT_SECONDS: '1', RUN_LEASE_SECONDS: '10', STALE_CHECK_INTERVAL_SECONDS: '2', RUNNER_SHUTDOWN_GRACE_SECONDS: '2', RUNNER_CONCURRENCY: '1',
      WEBHOOK_CLAIM_SECONDS: '5', WEBHOOK_TIMEOUT_MS: '60000', FETCH_ALLOWED_HOSTS: '127.0.0.1', PIPELINES_DIRS: join(__dirname, '..', 'e2e', 'fixtures', 'pipelines'),
    },
  });
  const env = bench.stack.env;
  let db = new Client({ connectionString: env.DATABASE_URL });
  db.on('error', () => undefined);
  await db.connect();
  const api = (path, init) => fetch(`${bench.baseUrl}${path}`, init).then((r) => r.json());
  const ports = [env.PROJECT_STORE_PORT, env.RUNNER_PORT, env.REPORTING_PORT, env.WEBHOOK_DISPATCHER_PORT, env.PORT];
  const allReady = async () => (await Promise.all(ports.map((p) => fetch(`http://127.0.0.1:${p}/health/ready`).then((r) => r.status === 200, () => false)))).every(Boolean);
  const counts = async (uuid) => (await db.query(
    `SELECT (SELECT count(*)::int FROM codebase_resources WHERE project_uuid = $1) AS resources,
            (SELECT count(DISTINCT path)::int FROM codebase_resources WHERE project_uuid = $1) AS paths,
            (SELECT count(*)::int FROM discovered_packages WHERE project_uuid = $1) AS packages,
            (SELECT count(*)::int FROM discovered_dependencies WHERE project_uuid = $1) AS dependencies,
            (SELECT count(*)::int FROM discovered_licenses WHERE project_uuid = $1) AS licenses,
            (SELECT count(*)::int FROM codebase_resources WHERE project_uuid = $1 AND detected_license_expression <> '') AS with_license`, [uuid])).rows[0];
  const scan = async (name) => {
    const form = new FormData();
    form.set('name', `${name} ${Date.now()}`);
    form.set('pipeline', 'scan_codebase');
    form.set('execute_now', 'true');
    form.set('upload_file', await openAsBlob(tarball), 'fault-tree.tar.gz');
    return api('/api/projects/', { method: 'POST', body: form });
  };
  const waitProject = (name, settings, pipelines, webhooks = []) =>
    api('/api/projects/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `${name} ${Date.now()}`, pipeline: pipelines, execute_now: true, settings, webhooks }) });
  const inScanForFiles = (runUrl) => waitFor('scan_for_files', async () => {
    const r = await fetch(runUrl).then((x) => x.json(), () => ({}));
    return String(r.current_step).endsWith('scan_for_files') && r.progress?.done > 0;
  });
  const ended = (runUrl) => waitFor('the run to end', async () => {
    const r = await fetch(runUrl).then((x) => x.json(), () => ({}));
    return ['success', 'failure', 'stopped', 'stale'].includes(r.status) ? r : null;
  }, { timeoutMs: 900_000, intervalMs: 200 });
  const result = {};
  try {
    const t0 = Date.now();
    const reference = await scan('undisturbed');
    const refRun = await waitForRunEnd(reference.runs[0].url);
    if (refRun.status !== 'success') throw new Error(`undisturbed run ${refRun.status}`);
    const expected = await counts(reference.uuid);
    result.tree = { ...expected, undisturbed_scan_s: (Date.now() - t0) / 1000 };
    const lostVs = (got) => Object.keys(expected).filter((k) => got[k] !== expected[k]).map((k) => `${k}: ${got[k]} vs ${expected[k]}`);

    // 1. A runner killed with SIGKILL mid-scan: taken over through the lease by a new runner.
    {
      const p = await scan('sigkill');
      await inScanForFiles(p.runs[0].url);
      const killedAt = Date.now();
      await bench.stack.kill('pipeline-runner', 'SIGKILL');
      await bench.stack.start('pipeline-runner');
      const resumedAt = await waitFor('the resume', async () => /Run resumed/.test((await fetch(p.runs[0].url).then((x) => x.json())).log) && Date.now());
      const run = await ended(p.runs[0].url);
      result.runner_sigkill = { recovery_s: (resumedAt - killedAt) / 1000, run_total_s: (Date.now() - killedAt) / 1000, status: run.status, lost: run.status === 'success' ? lostVs(await counts(p.uuid)) : ['the run'] };
    }

    // 2. PostgreSQL stopped for 5 s mid-scan.
    {
      const p = await scan('pg-restart');
      await inScanForFiles(p.runs[0].url);
      await db.end().catch(() => undefined);
      let backAt = 0;
      await pg.restart(async () => {
        await new Promise((r) => setTimeout(r, 5000));
      });
      backAt = Date.now();
      db = new Client({ connectionString: env.DATABASE_URL });
      db.on('error', () => undefined);
      await db.connect();
      await waitFor('every service ready', allReady);
      const readyAt = Date.now();
      const run = await ended(p.runs[0].url);
      const exited = [...bench.stack.children].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([n]) => n);
      result.postgres_restart = { recovery_s: (readyAt - backAt) / 1000, run_after_restart_s: (Date.now() - backAt) / 1000, status: run.status, resumed: /Run resumed/.test(run.log), services_exited: exited, lost: run.status === 'success' ? lostVs(await counts(p.uuid)) : ['the run'] };
    }

    // 2b. Object storage unavailable for 15 s mid-scan.
    {
      const p = await scan('s3-outage');
      await inScanForFiles(p.runs[0].url);
      await bench.s3Outage(() => new Promise((r) => setTimeout(r, 15_000)));
      const backAt = Date.now();
      await waitFor('every service ready', allReady);
      const readyAt = Date.now();
      const run = await ended(p.runs[0].url);
      const exited = [...bench.stack.children].filter(([, c]) => c.exitCode !== null || c.signalCode !== null).map(([n]) => n);
      result.object_storage_down_15s = { recovery_s: (readyAt - backAt) / 1000, run_after_restart_s: (Date.now() - backAt) / 1000, status: run.status, resumed: /Run resumed/.test(run.log), services_exited: exited, lost: run.status === 'success' ? lostVs(await counts(p.uuid)) : ['the run'] };
    }

    // 3. RabbitMQ's app stopped for 10 s while the first of two chained runs runs, a webhook on each run.
    {
      const p = await waitProject('broker-outage', { wait_items: 40 }, ['wait_for_test', 'wait_for_test'], [{ target_url: `${hookBase}/chain`, trigger_on_each_run: true }]);
      await waitFor('the first run', async () => (await api(`/api/projects/${p.uuid}/`)).runs[0].status === 'running');
      await rabbit.stopApp();
      await new Promise((r) => setTimeout(r, 10_000));
      await rabbit.startApp();
      const backAt = Date.now();
      await waitFor('every service ready', allReady);
      const readyAt = Date.now();
      const runs = await waitFor('both runs', async () => {
        const r = (await api(`/api/projects/${p.uuid}/`)).runs;
        return r.every((x) => !['not_started', 'queued', 'running'].includes(x.status)) ? r : null;
      }, { timeoutMs: 120_000 });
      await waitFor('both webhooks', async () => hooks.got.filter((g) => g.path === '/chain').length >= 2, { timeoutMs: 60_000 }).catch(() => undefined);
      const webhooks = hooks.got.filter((g) => g.path === '/chain').length;
      result.rabbitmq_stop_app_10s = { recovery_s: (readyAt - backAt) / 1000, chain_done_s: (Date.now() - backAt) / 1000, runs: runs.map((r) => r.status), webhooks, lost: [...runs.filter((r) => r.status !== 'success').map((r) => `run ${r.uuid}`), ...(webhooks < 2 ? [`${2 - webhooks} webhook(s)`] : [])] };
    }

    // 4. The webhook dispatcher killed while the receiver holds the POST open.
    {
      hooks.hold('/held');
      const p = await waitProject('dispatcher-kill', { wait_items: 1 }, ['wait_for_test'], [{ target_url: `${hookBase}/held` }]);
      await waitFor('the first POST', async () => hooks.got.some((g) => g.path === '/held'));
      await bench.stack.kill('webhook-dispatcher', 'SIGKILL');
      const restartedAt = Date.now();
      await bench.stack.start('webhook-dispatcher');
      const again = await waitFor('the POST again', async () => hooks.got.filter((g) => g.path === '/held')[1], { timeoutMs: 120_000 });
      const first = hooks.got.find((g) => g.path === '/held');
      const delivery = await waitFor('the delivery record', async () => {
        const subs = await api(`/api/projects/${p.uuid}/webhooks/`);
        return subs[0]?.deliveries[0]?.status === 'succeeded' ? subs[0].deliveries[0] : null;
      });
      result.dispatcher_sigkill = { recovery_s: (again.at - restartedAt) / 1000, same_delivery_id: again.delivery === first.delivery, status: delivery.status, lost: delivery.status === 'succeeded' ? [] : ['the delivery'] };
    }

    // 5. A runner stopped with SIGTERM (a deploy): the run is handed back and resumed by the next runner.
    {
      const p = await waitProject('sigterm', { wait_items: 200 }, ['wait_for_test']);
      await waitFor('the run', async () => (await api(`/api/projects/${p.uuid}/`)).runs[0].status === 'running');
      const termAt = Date.now();
      await bench.stack.kill('pipeline-runner', 'SIGTERM');
      const exitedAt = Date.now();
      await bench.stack.start('pipeline-runner');
      const resumedAt = await waitFor('the resume', async () => /Run resumed/.test((await fetch(p.runs[0].url).then((x) => x.json())).log) && Date.now());
      const run = await ended(p.runs[0].url);
      result.runner_sigterm = { runner_exit_s: (exitedAt - termAt) / 1000, recovery_s: (resumedAt - termAt) / 1000, status: run.status, lost: run.status === 'success' ? [] : ['the run'] };
    }
  } finally {
    await db.end().catch(() => undefined);
    await bench.stop().catch(() => undefined);
    await hooks.stop();
    await Promise.all([pg.stop(), rabbit.stop()]);
  }
  return result;
}

module.exports = { name: 'faults', main };
