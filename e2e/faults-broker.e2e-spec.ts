import { connect } from 'amqplib';
import { PrivateRabbit, startPrivateRabbit } from './support/private-services';
import { useTestStack } from './support/test-stack';
import { Receiver } from './support/webhook-receiver';

/**
 * Faults of RabbitMQ and of the webhook dispatcher, on a RabbitMQ node of this file's own (it is
 * stopped here, which the other test files must not see). One runner with RUNNER_CONCURRENCY=1.
 */
let rabbit: PrivateRabbit;
beforeAll(async () => {
  rabbit = await startPrivateRabbit();
}, 90_000);

const s = useTestStack(
  { FETCH_ALLOWED_HOSTS: '127.0.0.1', RUNNER_CONCURRENCY: '1', RUNNER_SHUTDOWN_GRACE_SECONDS: '1', WEBHOOK_CLAIM_SECONDS: '4', RUN_REDISPATCH_SECONDS: '3', WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_RETRY_BASE_MS: '300' },
  () => ({ amqpUrl: rabbit.url }),
);
// After the stack's own afterAll (hooks run in the order they are declared).
afterAll(async () => {
  await rabbit?.stop();
});
const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitProject(name: string, settings: Record<string, unknown>, pipelines: string[], webhooks: Record<string, unknown>[] = []) {
  const res = await s.api.post('/api/projects/', { name: `${name}-${Date.now()}`, pipeline: pipelines, execute_now: true, settings, webhooks });
  expect(res.status).toBe(201);
  return res.body;
}

const runsOf = async (uuid: string): Promise<any[]> => (await s.api.get(`/api/projects/${uuid}/`)).body.runs;

describe('a runner takes only as much work as it can do', () => {
  it('runs four queued runs one at a time on a runner of concurrency 1, the work queue counting queued and running runs', async () => {
    const queue = `${s.t.prefix}.work.run.execute`;
    const projects: any[] = [];
    for (let i = 0; i < 4; i++) projects.push(await waitProject(`bounded-${i}`, { wait_items: 30 }, ['wait_for_test']));
    const depths: number[] = [];
    // Each depth sample is bracketed by the runs not yet ended just before and just after it: a run's
    // message is acknowledged just after its end is recorded, so the depth may count one run more.
    const brackets: { depth: number; before: number; after: number }[] = [];
    const unfinished = async () => (await Promise.all(projects.map((p) => runsOf(p.uuid)))).map((r) => r[0].status).filter((x) => x !== 'success');
    let maxRunning = 0;
    // The outbox relays each run's message a moment after its project is created.
    await until('every run on the work queue', async () => {
      const d = (await rabbit.queueDepths(queue))[queue];
      return d !== undefined && d.ready + d.unacked >= (await unfinished()).length;
    });
    await until('the four runs to end', async () => {
      const before = (await unfinished()).length;
      const d = (await rabbit.queueDepths(queue))[queue];
      const statuses = await unfinished();
      if (d) {
        depths.push(d.ready + d.unacked);
        brackets.push({ depth: d.ready + d.unacked, before, after: statuses.length });
      }
      maxRunning = Math.max(maxRunning, statuses.filter((x) => x === 'running').length);
      return statuses.length === 0;
    }, 120_000);
    // The last run's message is acknowledged just after its end is recorded: the depth reaches 0 right after.
    await until('the work queue to empty', async () => {
      const d = (await rabbit.queueDepths(queue))[queue];
      if (d) depths.push(d.ready + d.unacked);
      return d !== undefined && d.ready + d.unacked === 0;
    }, 30_000);
    for (const b of brackets) {
      expect(b.depth).toBeGreaterThanOrEqual(b.after);
      expect(b.depth).toBeLessThanOrEqual(Math.min(4, b.before + 1));
    }
    expect(maxRunning).toBe(1);
    const runs = await Promise.all(projects.map(async (p) => (await runsOf(p.uuid))[0]));
    const spans = runs.map((r) => [Date.parse(r.task_start_date), Date.parse(r.task_end_date)]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
    // The depth only goes down, to none. It starts at four unless a run ended before the first
    // sample (rabbitmqctl takes one to three seconds a call on a busy machine, about as long as a run
    // here), which the brackets above account for; so may an intermediate value be skipped.
    const distinct = depths.filter((d, i) => i === 0 || d !== depths[i - 1]);
    expect(distinct[0]).toBeLessThanOrEqual(4);
    expect(distinct.at(-1)).toBe(0);
    expect([...distinct].sort((a, b) => b - a)).toEqual(distinct);
    expect(distinct.every((d) => [4, 3, 2, 1, 0].includes(d))).toBe(true);
    const metrics = await (await fetch(`http://127.0.0.1:${s.t.env.RUNNER_PORT}/metrics`)).text();
    expect(metrics).toMatch(/^scanworks_runs_running\{[^}]*\} 0$/m);
    expect(Number(/^scanworks_runs_finished_total\{[^}]*status="success"[^}]*\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(4);
  }, 180_000);

  it('dispatches again a queued run whose message was lost (a purged queue)', async () => {
    await s.t.stack.kill('pipeline-runner', 'SIGTERM');
    const p = await waitProject('lost-message', { wait_items: 1 }, ['wait_for_test']);
    const queue = `${s.t.prefix}.work.run.execute`;
    await until('the message on the queue', async () => (await rabbit.queueDepths(queue))[queue]?.ready === 1);
    const conn = await connect(rabbit.url);
    const ch = await conn.createChannel();
    await ch.purgeQueue(queue);
    await conn.close();
    await s.t.stack.start('pipeline-runner');
    const [run] = await until('the run to end', async () => {
      const r = await runsOf(p.uuid);
      return ['queued', 'running'].includes(r[0].status) ? undefined : r;
    }, 60_000);
    expect(run.status).toBe('success');
  }, 120_000);
});

describe('RabbitMQ stopped while a chain runs', () => {
  it('ends both chained runs in success and delivers both webhooks', async () => {
    const url = receiver.script('/chain', [{ status: 200 }]);
    const p = await waitProject('broker-outage', { wait_items: 40 }, ['wait_for_test', 'wait_for_test'], [{ target_url: url, trigger_on_each_run: true }]);
    await until('the first run to start', async () => (await runsOf(p.uuid))[0].status === 'running');
    await rabbit.stopApp();
    const ports = { 'project-store': s.t.env.PROJECT_STORE_PORT, 'pipeline-runner': s.t.env.RUNNER_PORT, 'webhook-dispatcher': s.t.env.WEBHOOK_DISPATCHER_PORT, 'api-gateway': s.t.env.PORT };
    // Readiness reports the outage while it lasts (the connections notice within a moment).
    for (const [name, port] of Object.entries(ports)) {
      const status = await until(`${name} to report the outage`, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
        return res.status === 503 ? ((await res.json()) as { checks: Record<string, string> }).checks.broker : undefined;
      }, 8000);
      expect(status).toMatch(/^error: /);
    }
    await new Promise((r) => setTimeout(r, 10_000));
    await rabbit.startApp();
    for (const [name, child] of s.t.stack.children) expect([name, child.exitCode]).toEqual([name, null]);
    const runs = await until('both runs to end', async () => {
      const r = await runsOf(p.uuid);
      return r.every((x) => !['not_started', 'queued', 'running'].includes(x.status)) ? r : undefined;
    }, 120_000);
    expect(runs.map((r) => r.status)).toEqual(['success', 'success']);
    const received = await until('both webhooks', async () => (receiver.at('/chain').length >= 2 ? receiver.at('/chain') : undefined), 60_000);
    const bodies = received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.run.uuid).sort()).toEqual(runs.map((r) => r.uuid).sort());
  }, 180_000);
});

describe('a runner stopped with SIGTERM (a deploy, a scale-down)', () => {
  it('hands a run it cannot finish within the grace period back to the queue, for the next runner to resume', async () => {
    const p = await waitProject('handed-back', { wait_items: 150 }, ['wait_for_test']);
    await until('the run to start', async () => (await runsOf(p.uuid))[0].status === 'running');
    await s.t.stack.kill('pipeline-runner', 'SIGTERM');
    // It left on its own after its shutdown (exit 0), not killed after the stack's 10 s.
    expect(s.t.stack.children.get('pipeline-runner')?.exitCode).toBe(0);
    const handedBack = (await runsOf(p.uuid))[0];
    expect(handedBack.status).toBe('running');
    expect(handedBack.log).toMatch(/Run handed back to the queue: runner \S+ is shutting down/);
    await s.t.stack.start('pipeline-runner');
    const [run] = await until('the run to end', async () => {
      const r = await runsOf(p.uuid);
      return ['running', 'queued'].includes(r[0].status) ? undefined : r;
    }, 60_000);
    expect(run.status).toBe('success');
    expect(run.log).toMatch(/Run resumed \(attempt 1 of 3\) after its runner handed it back at shutdown/);
  }, 120_000);
});

describe('the webhook dispatcher killed mid-delivery', () => {
  it('delivers again after its restart, with the same delivery id', async () => {
    const url = receiver.script('/held', [{ hold: true }, { status: 200 }]);
    const p = await waitProject('dispatcher-kill', { wait_items: 1 }, ['wait_for_test'], [{ target_url: url }]);
    await until('the first POST', async () => receiver.at('/held').length === 1);
    await s.t.stack.kill('webhook-dispatcher', 'SIGKILL');
    await s.t.stack.start('webhook-dispatcher');
    const [first, second] = await until('the POST again', async () => (receiver.at('/held').length >= 2 ? receiver.at('/held') : undefined), 60_000);
    expect(second.headers['x-scanworks-delivery']).toBe(first.headers['x-scanworks-delivery']);
    const [sub] = await until('the delivery to succeed', async () => {
      const subs = (await s.api.get(`/api/projects/${p.uuid}/webhooks/`)).body;
      return subs[0]?.deliveries[0]?.status === 'succeeded' ? subs : undefined;
    });
    expect(sub.deliveries).toHaveLength(1);
    expect(sub.deliveries[0].uuid).toBe(first.headers['x-scanworks-delivery']);
  }, 120_000);
});
