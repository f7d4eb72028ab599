// Read-path benchmark: requests/s, p50 and p99 of `GET /api/projects/` and of a project detail at
// 1, 10 and 50 concurrent clients, the load generator on the same machine. The stack holds 50
// projects (BENCH_API_PROJECTS), each with an uploaded ScanCode-toolkit scan and three runs:
// load_inventory (a success with real records), the e2e test pipeline wait_for_test made to fail
// (a failure, with its traceback), and scan_codebase added after that and never started (a chain
// stops at a failure, so nothing runs while the benchmark measures). Every list item and detail
// carries its input, three runs in three states and non-empty summaries. The answers are checked
// before a speed is printed, and every answer under load is checked too (status, start of the body).
// Each measurement also reports the CPU time per request of the gateway, project-store, the
// database backends, the broker and the local S3 server and this process (the load generator), read from /proc:
// on a shared machine that says where the time goes when wall-clock figures cannot.
// BENCH_API_SECONDS (default 10) per measurement, BENCH_API_CONNECTIONS (default 1,10,50),
// BENCH_API_ENDPOINTS (default list,detail).
// BENCH_API_PROFILE=<dir> profiles every service (lib/cpu-profile-hook.js) into <dir>, written
// when the stack stops (summarize them with lib/profile-summary.js); BENCH_API_HOLD=1 keeps the
// stack up after the measurements until Ctrl-C.
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { startBenchStack } = require('./lib/bench-stack');
const { cpuMeter, pidsMatching } = require('./lib/process-cpu');
const { waitFor } = require('./lib/wait');

const PROJECTS = Number(process.env.BENCH_API_PROJECTS ?? 50);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? (process.env.BENCH_QUICK ? 3 : 10));
const CONNECTIONS = (process.env.BENCH_API_CONNECTIONS ?? '1,10,50').split(',').map(Number);
const ENDPOINTS = (process.env.BENCH_API_ENDPOINTS ?? 'list,detail').split(',');
const INVENTORY = readFileSync(join(__dirname, '..', 'libs', 'formats', 'src', 'scancode', '__fixtures__', 'toolkit-is-npm.json'));
const TEST_PIPELINES = join(__dirname, '..', 'e2e', 'fixtures', 'pipelines');
const RUN_STATES = 'success,failure,not_started';

async function api(base, method, path, body) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body && !isForm ? { 'content-type': 'application/json' } : {},
    body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return { status: res.status, body: text ? JSON.parse(text) : null, bytes: Buffer.byteLength(text) };
}

/** One project: the inventory loaded by a successful run, a failed run chained after it, then a run added and left not started. */
async function createProject(base, i) {
  const form = new FormData();
  form.set('name', `api bench ${String(i).padStart(3, '0')}`);
  form.append('pipeline', 'load_inventory');
  form.append('pipeline', 'wait_for_test');
  form.set('execute_now', 'true');
  form.set('labels', 'bench');
  form.set('settings', JSON.stringify({ wait_items: 1, wait_fail: true }));
  form.set('upload_file', new Blob([INVENTORY]), 'toolkit-is-npm.json');
  const created = (await api(base, 'POST', '/api/projects/', form)).body;
  const runs = await waitFor(`the runs of project ${i}`, async () => {
    const rs = await Promise.all(created.runs.map(async (r) => (await api(base, 'GET', new URL(r.url).pathname)).body));
    return rs.some((r) => ['not_started', 'queued', 'running'].includes(r.status)) ? null : rs;
  }, { intervalMs: 200 });
  if (runs.map((r) => r.status).join() !== 'success,failure') throw new Error(`project ${i}: runs ${runs.map((r) => `${r.status} ${r.task_output}`).join('; ')}`);
  await api(base, 'POST', `/api/projects/${created.uuid}/add_pipeline/`, { pipeline: 'scan_codebase' });
  return created.uuid;
}

/** Throws unless the list and a detail are what the benchmark created; returns the body sizes. */
async function checkAnswers(base, uuid) {
  const list = await api(base, 'GET', '/api/projects/');
  const { count, results } = list.body;
  if (list.status !== 200 || count !== PROJECTS || results.length !== Math.min(PROJECTS, 50)) {
    throw new Error(`project list: status ${list.status}, count ${count}, ${results.length} item(s); expected ${PROJECTS}`);
  }
  const badItem = results.find((p) => p.runs.map((r) => r.status).join() !== RUN_STATES || p.next_run !== 'scan_codebase' || p.input_sources.length !== 1);
  if (badItem) throw new Error(`project list item ${badItem.name}: ${JSON.stringify(badItem).slice(0, 500)}`);
  const detail = await api(base, 'GET', `/api/projects/${uuid}/`);
  const d = detail.body;
  const expected = { resource_count: 6, package_count: 1, dependency_count: 1 };
  const wrong = Object.entries(expected).filter(([k, v]) => d[k] !== v).map(([k]) => k);
  if (detail.status !== 200 || wrong.length > 0 || d.runs.map((r) => r.status).join() !== RUN_STATES || d.codebase_resources_summary['application-package'] !== 6) {
    throw new Error(`project detail: status ${detail.status}, wrong ${wrong.join(', ') || 'runs or summary'}: ${JSON.stringify(d).slice(0, 500)}`);
  }
  return { list_bytes: list.bytes, detail_bytes: detail.bytes };
}

/**
 * CPU time per request of each part, from /proc: the gateway, project-store, the database
 * backends of this stack, the broker (shared with whatever else uses it), and this process (the
 * load generator, and the S3 server the stack uses when no endpoint is configured).
 */
function stackCpuMeter(bench) {
  const pids = (name) => [bench.stack.children.get(name).pid];
  return cpuMeter(async () => {
    const c = new Client({ connectionString: bench.stack.env.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await c.end();
    return {
      gateway: pids('api-gateway'),
      project_store: pids('project-store'),
      postgres: rows.map((r) => r.pid),
      rabbitmq: pidsMatching('beam.smp'),
      load_generator: [process.pid],
      s3: [bench.s3Pid],
    };
  });
}

/** requests/s, p50 and p99 at `connections` clients, and CPU ms per request; throws when an answer under load is not the expected one. */
async function measure(url, connections, expectStart, meter) {
  const before = meter ? await meter.snapshot() : null;
  const r = await autocannon({
    url,
    connections,
    duration: SECONDS,
    // A cheap look at every body: the load generator shares the cores with the stack.
    verifyBody: (body) => body.startsWith(expectStart),
  });
  const wrong = r.non2xx + r.errors + r.timeouts + r.mismatches;
  if (wrong > 0) throw new Error(`${url} at ${connections} client(s): ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.mismatches} unexpected bodies`);
  const out = { connections, requests_per_s: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99, requests: r.requests.total };
  if (meter) {
    const spent = meter.diff(before, await meter.snapshot());
    out.cpu_ms_per_request = Object.fromEntries(Object.entries(spent).map(([k, ms]) => [k, Number((ms / r.requests.total).toFixed(2))]));
  }
  return out;
}

async function main() {
  const profileDir = process.env.BENCH_API_PROFILE ? resolve(process.env.BENCH_API_PROFILE) : null;
  const profiling = profileDir ? { NODE_OPTIONS: `--require ${join(__dirname, 'lib', 'cpu-profile-hook.js')}`, BENCH_CPU_PROFILE_DIR: profileDir } : {};
  const env = { RUNNER_CONCURRENCY: '4', PIPELINES_DIRS: TEST_PIPELINES, ...profiling };
  const bench = await startBenchStack('api', { env });
  const base = bench.baseUrl;
  try {
    const t0 = Date.now();
    const uuids = [];
    // Four at a time: the runner takes four runs at once.
    for (let i = 0; i < PROJECTS; i += 4) {
      uuids.push(...(await Promise.all(Array.from({ length: Math.min(4, PROJECTS - i) }, (_, k) => createProject(base, i + k)))));
    }
    const setupSeconds = (Date.now() - t0) / 1000;
    const detailUuid = uuids[Math.floor(uuids.length / 2)];
    const sizes = await checkAnswers(base, detailUuid);
    const endpoints = [
      { key: 'list', name: 'GET /api/projects/', url: `${base}/api/projects/`, start: `{"count":${PROJECTS},` },
      { key: 'detail', name: 'GET /api/projects/<uuid>/', url: `${base}/api/projects/${detailUuid}/`, start: `{"name":"api bench ` },
    ].filter((e) => ENDPOINTS.includes(e.key));
    // Warm-up: JIT, connection pools, caches of every process.
    for (const e of endpoints) await measure(e.url, 10, e.start);
    const meter = stackCpuMeter(bench);
    const results = { projects: PROJECTS, runs_per_project: 3, setup_seconds: setupSeconds, seconds_per_measurement: SECONDS, ...sizes, endpoints: {} };
    for (const e of endpoints) {
      results.endpoints[e.name] = [];
      for (const c of CONNECTIONS) {
        const m = await measure(e.url, c, e.start, meter);
        console.log(`${e.name} ${c} client(s): ${m.requests_per_s} req/s, p50 ${m.p50_ms} ms, p99 ${m.p99_ms} ms; CPU ms per request ${JSON.stringify(m.cpu_ms_per_request)}`);
        results.endpoints[e.name].push(m);
      }
    }
    await checkAnswers(base, detailUuid);
    if (process.env.BENCH_API_HOLD) {
      console.log(`stack up at ${base} (detail: ${base}/api/projects/${detailUuid}/); Ctrl-C to stop`);
      await new Promise((r) => process.once('SIGINT', r));
    }
    return results;
  } finally {
    await bench.stop();
  }
}

module.exports = { name: 'api', main };
