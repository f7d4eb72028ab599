// Issue 21 benchmark: the runners' autoscaling, simulated on this machine with real processes.
// A burst of runs is queued through the API on a stack of its own (PostgreSQL, a RabbitMQ node
// with its management API, the local S3 server); the real pipeline-runner app is started and
// stopped as KEDA and the HPA would scale its Deployment, with the parameters of the rendered
// production overlay (deploy/k8s) and the queue depth read from RabbitMQ's management API as
// KEDA's rabbitmq scaler reads it (`messages`: ready + unacknowledged). Scaled-down runners get
// SIGTERM, then SIGKILL after terminationGracePeriodSeconds, newest first (the ReplicaSet's
// choice among ready pods). Before a time is printed it checks that every run ended `success`,
// was executed once (one start in its log, no resumed or handed-back attempt), produced the same
// records as the others, and announced its end once per message id. Then the same burst on one
// runner, for the time against one runner. `AUTOSCALE_RUNS` (20) and `AUTOSCALE_OVERLAY`
// (production) change the burst and the overlay.
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdirSync, openAsBlob, readdirSync } = require('node:fs');
const { cpus, loadavg } = require('node:os');
const { join } = require('node:path');
const amqp = require('amqplib');
const { Client } = require('pg');
const { startBenchStack } = require('./lib/bench-stack');
const { HpaModel } = require('./lib/hpa-model');
const { waitFor } = require('./lib/wait');
const { startPrivateRabbit, freePort } = require('../scripts/private-services');
const { renderOverlay, autoscalingParameters } = require('../deploy/k8s/test/manifests');

const ROOT = join(__dirname, '..');
const DATA = join(__dirname, '.data');
const RUNS = Number(process.env.AUTOSCALE_RUNS || 20);
const OVERLAY = process.env.AUTOSCALE_OVERLAY || 'production';
/** kube-controller-manager's --horizontal-pod-autoscaler-sync-period default: how often the HPA acts. */
const HPA_SYNC_SECONDS = 15;
const PACKAGES = ['lodash@4.17.21', 'express@4.21.2', 'semver@7.6.3'];

/** One input for every run: three npm package tarballs in one tarball (about 1,200 files). */
function burstInput() {
  const dir = join(DATA, 'autoscale-input');
  const tarball = join(DATA, 'autoscale-input.tar.gz');
  if (existsSync(tarball)) return tarball;
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', '--silent', '--pack-destination', dir, ...PACKAGES], { stdio: 'inherit' });
  execFileSync('tar', ['-czf', tarball, '-C', dir, ...readdirSync(dir)]);
  return tarball;
}

/** The runner "pods": real pipeline-runner processes, each with its own port and scratch directory. */
class RunnerPool {
  constructor(env, params, workRoot) {
    this.env = env;
    this.params = params;
    this.workRoot = workRoot;
    this.live = [];
    this.draining = new Set();
    this.started = 0;
    this.killedAfterGrace = 0;
    this.exits = [];
  }

  async add() {
    const port = await freePort();
    const id = ++this.started;
    const child = spawn(process.execPath, [join(ROOT, 'dist/apps/pipeline-runner/src/main.js')], {
      cwd: ROOT,
      stdio: 'ignore',
      env: {
        ...this.env, RUNNER_PORT: String(port), RUNNER_WORK_DIR: join(this.workRoot, `runner-${id}`),
        RUNNER_CONCURRENCY: String(this.params.runnerConcurrency), RUNNER_SHUTDOWN_GRACE_SECONDS: String(this.params.shutdownGraceSeconds),
        ...(this.params.scanProcesses ? { SCAN_PROCESSES: this.params.scanProcesses } : {}),
      },
    });
    const pod = { id, child, port, startedAt: Date.now() };
    child.once('exit', (code, signal) => this.exits.push({ id, code, signal }));
    this.live.push(pod);
    return pod;
  }

  /** Scale-down: SIGTERM to the newest, SIGKILL if still there after terminationGracePeriodSeconds. */
  remove(count) {
    for (const pod of this.live.splice(this.live.length - count, count)) {
      this.draining.add(pod);
      const killer = setTimeout(() => {
        this.killedAfterGrace++;
        pod.child.kill('SIGKILL');
      }, this.params.terminationGracePeriodSeconds * 1000);
      pod.child.once('exit', () => {
        clearTimeout(killer);
        this.draining.delete(pod);
      });
      pod.child.kill('SIGTERM');
    }
  }

  async scaleTo(replicas) {
    if (replicas > this.live.length) await Promise.all(Array.from({ length: replicas - this.live.length }, () => this.add()));
    else if (replicas < this.live.length) this.remove(this.live.length - replicas);
  }

  async stop() {
    this.remove(this.live.length);
    await waitFor('the runners to exit', () => this.draining.size === 0, { timeoutMs: (this.params.terminationGracePeriodSeconds + 5) * 1000, intervalMs: 100 });
  }
}

/** `messages` of the work queue from the management API, as KEDA's rabbitmq scaler (protocol http) reads it. */
async function queueMessages(managementUrl, queue) {
  const url = new URL(managementUrl);
  const auth = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64');
  const res = await fetch(`${url.origin}/api/queues/%2F/${encodeURIComponent(queue)}`, { headers: { authorization: `Basic ${auth}` } });
  if (res.status === 404) return 0;
  if (!res.ok) throw new Error(`management API: ${res.status} ${await res.text()}`);
  return (await res.json()).messages ?? 0;
}

async function main() {
  const params = autoscalingParameters(renderOverlay(OVERLAY));
  const input = burstInput();
  const rabbit = await startPrivateRabbit({ management: true });
  const bench = await startBenchStack('autoscale', {
    amqpUrl: rabbit.url,
    services: ['project-store', 'api-gateway', 'reporting', 'webhook-dispatcher'],
    env: { RUN_LEASE_SECONDS: '60', HEARTBEAT_SECONDS: '5' },
  });
  const env = bench.stack.env;
  const queue = `${env.AMQP_PREFIX}.work.run.execute`;
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  // An outside subscriber of run.completed (docs/asyncapi.yaml): every run must announce its end.
  const conn = await amqp.connect(rabbit.url);
  const ch = await conn.createChannel();
  const { queue: events } = await ch.assertQueue('', { exclusive: true });
  await ch.bindQueue(events, `${env.AMQP_PREFIX}.events`, 'run.completed');
  const completed = new Map();
  await ch.consume(events, (msg) => {
    const id = msg.properties.messageId;
    completed.set(id, (completed.get(id) ?? 0) + 1);
    ch.ack(msg);
  });

  const queueBurst = async (label) => {
    const projects = [];
    for (let i = 0; i < RUNS; i++) {
      const form = new FormData();
      form.set('name', `${label} ${i + 1} ${Date.now()}`);
      form.set('pipeline', 'scan_codebase');
      form.set('execute_now', 'true');
      form.set('upload_file', await openAsBlob(input), 'autoscale-input.tar.gz');
      const res = await fetch(`${bench.baseUrl}/api/projects/`, { method: 'POST', body: form });
      if (res.status !== 201) throw new Error(`project not created: ${res.status} ${await res.text()}`);
      projects.push(await res.json());
    }
    return projects;
  };
  /** Seconds from `t0` to the last run's end, as PostgreSQL recorded it (same clock). */
  const lastEnd = async (projects, t0) => ((await db.query('SELECT max(task_end_date) AS at FROM runs WHERE project_uuid = ANY($1::uuid[])', [projects.map((p) => p.uuid)])).rows[0].at.getTime() - t0) / 1000;
  const unended = async (projects) => (await db.query('SELECT count(*)::int AS n FROM runs WHERE project_uuid = ANY($1::uuid[]) AND task_end_date IS NULL', [projects.map((p) => p.uuid)])).rows[0].n;

  /** Every run success, executed once, the same records; returns the problems found. */
  const verify = async (projects) => {
    const { rows } = await db.query(
      `SELECT r.uuid, r.task_exitcode, r.lost_attempts, r.log, p.resource_count, p.package_count FROM runs r JOIN projects p ON p.uuid = r.project_uuid WHERE r.project_uuid = ANY($1::uuid[])`,
      [projects.map((p) => p.uuid)],
    );
    const problems = [];
    if (rows.length !== RUNS) problems.push(`${rows.length} runs instead of ${RUNS}`);
    for (const r of rows) {
      const starts = (r.log.match(/Pipeline \[scan_codebase\] starting/g) ?? []).length;
      if (r.task_exitcode !== 0) problems.push(`run ${r.uuid} ended with exit code ${r.task_exitcode}`);
      if (starts !== 1 || r.lost_attempts !== 0 || /Run resumed|handed back/.test(r.log)) problems.push(`run ${r.uuid} executed ${starts} times (lost attempts ${r.lost_attempts})`);
      if (!completed.has(`${r.uuid}.completed`)) problems.push(`no run.completed for ${r.uuid}`);
    }
    const shapes = new Set(rows.map((r) => `${r.resource_count} resources, ${r.package_count} packages`));
    if (shapes.size !== 1 || rows[0]?.resource_count < 1000) problems.push(`runs differ in records: ${[...shapes].join(' / ')}`);
    return { problems, records: [...shapes][0] };
  };

  const result = { overlay: OVERLAY, runs: RUNS, input: PACKAGES, parameters: { ...params, hpaSyncSeconds: HPA_SYNC_SECONDS } };
  try {
    // 1. The burst on one runner.
    const single = new RunnerPool(env, params, join(bench.dir, 'single'));
    await single.scaleTo(1);
    let t0 = Date.now();
    const baseline = await queueBurst('one runner');
    await waitFor('the one-runner burst to end', async () => (await unended(baseline)) === 0, { timeoutMs: 3600_000, intervalMs: 250 });
    const oneRunnerSeconds = await lastEnd(baseline, t0);
    await single.stop();
    const baselineCheck = await verify(baseline);
    if (baselineCheck.problems.length) throw new Error(`one runner: ${baselineCheck.problems.join('; ')}`);

    // 2. The same burst, the runners scaled by the HPA model from the real queue depth.
    const pool = new RunnerPool(env, params, join(bench.dir, 'scaled'));
    const hpa = new HpaModel(params);
    await pool.scaleTo(params.minReplicas);
    const timeline = [];
    t0 = Date.now();
    const burst = await queueBurst('autoscaled');
    let allEndedAt = null;
    let maxReplicas = pool.live.length;
    for (;;) {
      const at = (Date.now() - t0) / 1000;
      const messages = await queueMessages(rabbit.managementUrl, queue);
      const left = await unended(burst);
      if (left === 0 && allEndedAt === null) allEndedAt = at;
      const before = pool.live.length;
      const desired = hpa.step(at, before, messages);
      await pool.scaleTo(desired);
      maxReplicas = Math.max(maxReplicas, pool.live.length);
      timeline.push({ t_s: Math.round(at), queue_messages: messages, runs_unended: left, replicas: pool.live.length, draining: pool.draining.size });
      if (allEndedAt !== null && pool.live.length === Math.max(1, params.minReplicas) && pool.draining.size === 0) break;
      if (at > 3600) throw new Error('the autoscaled burst did not settle within an hour');
      await new Promise((r) => setTimeout(r, HPA_SYNC_SECONDS * 1000 - ((Date.now() - t0) % (HPA_SYNC_SECONDS * 1000))));
    }
    const settledSeconds = (Date.now() - t0) / 1000;
    allEndedAt = await lastEnd(burst, t0);
    await pool.stop();
    const check = await verify(burst);
    const repeats = [...completed.values()].filter((n) => n > 1).length;
    if (check.problems.length) throw new Error(`autoscaled: ${check.problems.join('; ')}`);
    if (maxReplicas < 2) throw new Error('the burst never scaled the runners up');
    if (pool.killedAfterGrace + single.killedAfterGrace > 0) throw new Error('a runner outlived terminationGracePeriodSeconds and was killed');

    console.log(`\nreplicas over time (HPA sync every ${HPA_SYNC_SECONDS} s; queue = ready + unacknowledged run messages):`);
    console.log('   t(s)  queue  unended  runners  draining');
    for (const row of timeline) console.log(`${String(row.t_s).padStart(7)}${String(row.queue_messages).padStart(7)}${String(row.runs_unended).padStart(9)}${String(row.replicas).padStart(9)}${String(row.draining).padStart(10)}`);
    Object.assign(result, {
      records_per_run: check.records,
      every_run_success_once: true,
      run_completed_events: { runs: 2 * RUNS, distinct_message_ids: completed.size, repeated_deliveries: repeats },
      one_runner_s: Number(oneRunnerSeconds.toFixed(1)),
      autoscaled_all_runs_ended_s: Number(allEndedAt.toFixed(1)),
      autoscaled_settled_at_min_s: settledSeconds,
      speedup: Number((oneRunnerSeconds / allEndedAt).toFixed(2)),
      max_runners: maxReplicas,
      runners_started: pool.started,
      runners_killed_after_grace: pool.killedAfterGrace,
      timeline,
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
    });
    console.log(`\n${RUNS} runs: one runner ${oneRunnerSeconds.toFixed(1)} s; autoscaled 1 -> ${maxReplicas} runners ${allEndedAt.toFixed(1)} s (${result.speedup}x), back to ${params.minReplicas} at ${settledSeconds.toFixed(0)} s; every run success, executed once; load average ${result.load_average.join(' ')} (${cpus().length} cores shared by every runner, the stack and the machine's other work)`);
  } finally {
    await conn.close().catch(() => undefined);
    await db.end().catch(() => undefined);
    await bench.stop();
    await rabbit.stop();
  }
  return result;
}

module.exports = { name: 'autoscale', main };
