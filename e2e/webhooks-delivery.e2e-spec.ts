import { createHmac } from 'node:crypto';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { topologyNames } from '@sca/messaging';
import { TEST_AMQP_URL } from '@sca/testing';
import { useTestStack } from './support/test-stack';
import { Receiver } from './support/webhook-receiver';

// Short retry waits; the receiver lives on loopback, which FETCH_ALLOWED_HOSTS must allow.
const s = useTestStack({ FETCH_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_RETRY_MAX_MS: '3000', WEBHOOK_MAX_ATTEMPTS: '4' });

const receiver = new Receiver();
let db: Client;

beforeAll(async () => {
  await receiver.start();
  db = new Client({ connectionString: s.t.env.DATABASE_URL });
  // The stack drops its database when it stops; this client may still be open then.
  db.on('error', () => undefined);
  await db.connect();
});

afterAll(async () => {
  await receiver.stop();
  await db?.end();
});

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Creates a project running `runs` quick test pipelines in a chain, with the given webhooks. */
async function project(name: string, webhooks: Record<string, unknown>[], settings: Record<string, unknown> = {}, runs = 1) {
  const body = { name: `${name}-${Date.now()}`, pipeline: Array(runs).fill('wait_for_test'), execute_now: true, webhooks, settings: { wait_items: 1, ...settings } };
  const created = await s.api.post('/api/projects/', body);
  expect(created.status).toBe(201);
  return created.body;
}

async function deliveries(projectUuid: string) {
  const { rows } = await db.query(
    `SELECT d.uuid, d.status, d.attempts, d.response_status_code, s.target_url, s.secret,
            (SELECT count(*)::int FROM webhook_delivery_attempts a WHERE a.delivery_uuid = d.uuid) AS logged
     FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.uuid = d.webhook_subscription_uuid WHERE d.project_uuid = $1`,
    [projectUuid],
  );
  return rows as { uuid: string; status: string; attempts: number; response_status_code: number | null; target_url: string; secret: string; logged: number }[];
}

async function runsEnded(p: any, count: number) {
  await until('runs to end', async () => {
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    const ended = detail.runs.filter((r: any) => !['not_started', 'queued', 'running'].includes(r.status));
    return ended.length >= count ? detail : undefined;
  }, 60_000);
}

const hook = (target_url: string, extra: Record<string, unknown> = {}) => ({ target_url, trigger_on_each_run: false, include_summary: false, include_results: false, is_active: true, ...extra });

describe('when webhooks fire', () => {
  it('fires each-run subscriptions per run and all-runs ones once, after the last run', async () => {
    const each = receiver.script('/chain-each', [{ status: 200 }]);
    const all = receiver.script('/chain-all', [{ status: 200 }]);
    const p = await project('chain', [hook(each, { trigger_on_each_run: true }), hook(all)], {}, 2);
    await runsEnded(p, 2);
    await until('deliveries', () => (receiver.at('/chain-each').length === 2 && receiver.at('/chain-all').length === 1 ? true : undefined));
    const [first, second] = receiver.at('/chain-each').map((r) => JSON.parse(r.body).run.uuid);
    expect(first).not.toBe(second);
    const lastRun = JSON.parse(receiver.at('/chain-all')[0].body).run;
    expect(lastRun).toMatchObject({ uuid: second, status: 'success' });
  }, 90_000);

  it('never fires an inactive subscription', async () => {
    const inactive = receiver.script('/inactive', [{ status: 200 }]);
    const active = receiver.script('/inactive-control', [{ status: 200 }]);
    const p = await project('inactive', [hook(inactive, { is_active: false }), hook(active)]);
    await runsEnded(p, 1);
    await until('the active delivery', () => (receiver.at('/inactive-control').length === 1 ? true : undefined));
    expect(receiver.at('/inactive')).toHaveLength(0);
  }, 60_000);

  it('fires all-runs subscriptions when a failed run ends the chain, with the failure', async () => {
    const all = receiver.script('/failed-chain', [{ status: 200 }]);
    const p = await project('failed-chain', [hook(all)], { wait_fail: true }, 2);
    await runsEnded(p, 1);
    const received = await until('the failure delivery', () => receiver.at('/failed-chain')[0]);
    expect(JSON.parse(received.body).run).toMatchObject({ status: 'failure', task_exitcode: 1 });
    const detail = (await s.api.get(`/api/projects/${p.uuid}/`)).body;
    expect(detail.runs.map((r: any) => r.status)).toEqual(['failure', 'not_started']);
  }, 60_000);
});

describe('what a delivery carries', () => {
  it('sends project and run as ScanCode.io does, signed with the subscription secret', async () => {
    const url = receiver.script('/payload-plain', [{ status: 200 }]);
    const p = await project('payload', [hook(url, { secret: 'a-receiver-chosen-secret' })]);
    expect(p.webhooks).toEqual([{ uuid: expect.any(String), target_url: url, secret: 'a-receiver-chosen-secret' }]);
    const received = await until('the delivery', () => receiver.at('/payload-plain')[0]);
    const body = JSON.parse(received.body);
    expect(Object.keys(body)).toEqual(['project', 'run']);
    expect(Object.keys(body.project)).toEqual([
      'name', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'settings', 'input_sources', 'input_root', 'output_root', 'next_run',
      'extra_data', 'message_count', 'resource_count', 'package_count', 'dependency_count', 'relation_count', 'codebase_resources_summary',
      'discovered_packages_summary', 'discovered_dependencies_summary', 'codebase_relations_summary', 'results_url', 'summary_url',
    ]);
    expect(body.project.results_url).toBe(`/api/projects/${p.uuid}/results/`);
    expect(Object.keys(body.run)).toEqual([
      'pipeline_name', 'status', 'description', 'selected_groups', 'selected_steps', 'uuid', 'created_date', 'scancodeio_version', 'task_id',
      'task_start_date', 'task_end_date', 'task_exitcode', 'task_output', 'log', 'execution_time',
    ]);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['x-scanworks-event']).toBe('run.completed');
    const [delivery] = await deliveries(p.uuid);
    expect(received.headers['x-scanworks-delivery']).toBe(delivery.uuid);
    // What a receiver does: recompute the HMAC over "<t>." + the raw body with its secret.
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(received.headers['x-scanworks-signature']));
    expect(match).not.toBeNull();
    const expected = createHmac('sha256', 'a-receiver-chosen-secret').update(`${match![1]}.${received.body}`).digest('hex');
    expect(match![2]).toBe(expected);
    expect(Math.abs(Date.now() / 1000 - Number(match![1]))).toBeLessThan(60);
  }, 60_000);

  it('adds the summary and the full results document when asked', async () => {
    const url = receiver.script('/payload-full', [{ status: 200 }]);
    await project('payload-full', [hook(url, { include_summary: true, include_results: true })]);
    const received = await until('the delivery', () => receiver.at('/payload-full')[0]);
    const body = JSON.parse(received.body);
    expect(Object.keys(body)).toEqual(['project', 'run', 'summary', 'results']);
    expect(body.summary).toEqual({});
    expect(Object.keys(body.results)).toEqual(['headers', 'packages', 'dependencies', 'files', 'relations']);
    expect(body.results.headers[0]).toMatchObject({ tool_name: 'scanpipe', uuid: body.project.uuid });
  }, 60_000);
});

describe('delivery, retries and the log', () => {
  it('retries a receiver that fails twice, then stops after its success', async () => {
    const url = receiver.script('/flaky', [{ status: 503 }, { status: 500 }, { status: 200 }]);
    const p = await project('flaky', [hook(url)]);
    await until('the success', async () => ((await deliveries(p.uuid))[0]?.status === 'succeeded' ? true : undefined));
    const [delivery] = await deliveries(p.uuid);
    expect(delivery).toMatchObject({ attempts: 3, response_status_code: 200, logged: 3 });
    // A duplicate message for the delivered delivery (a redelivery by the broker) sends nothing.
    const conn = await connect(TEST_AMQP_URL);
    try {
      const channel = await conn.createChannel();
      channel.sendToQueue(topologyNames.work(s.t.prefix, 'webhook.deliver').main, Buffer.from(JSON.stringify({ delivery_uuid: delivery.uuid })), { type: 'webhook.deliver', persistent: true });
      await channel.close();
    } finally {
      await conn.close();
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at('/flaky')).toHaveLength(3);
    const gaps = receiver.at('/flaky').map((r, i, all) => (i === 0 ? 0 : r.at - all[i - 1].at));
    expect(gaps[1]).toBeGreaterThanOrEqual(140);
  }, 60_000);

  it('gives up at once on a 400: one attempt, failed, dead-lettered', async () => {
    const url = receiver.script('/bad-request', [{ status: 400 }]);
    const p = await project('bad-request', [hook(url)]);
    await until('the failure', async () => ((await deliveries(p.uuid))[0]?.status === 'failed' ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at('/bad-request')).toHaveLength(1);
    expect((await deliveries(p.uuid))[0]).toMatchObject({ attempts: 1, response_status_code: 400, logged: 1 });
    const conn = await connect(TEST_AMQP_URL);
    try {
      const channel = await conn.createChannel();
      const dead = await channel.get(topologyNames.work(s.t.prefix, 'webhook.deliver').dead);
      expect(dead && JSON.parse(dead.content.toString())).toEqual({ delivery_uuid: (await deliveries(p.uuid))[0].uuid });
      expect(String(dead && dead.properties.headers?.['x-error'])).toMatch(/refused: HTTP 400/);
    } finally {
      await conn.close();
    }
  }, 60_000);

  it('sends a failed delivery again when it is redelivered through the API, continuing its attempt count', async () => {
    const url = receiver.script('/redeliver', [{ status: 410 }, { status: 200 }]);
    const p = await project('redeliver', [hook(url)]);
    await until('the failure', async () => ((await deliveries(p.uuid))[0]?.status === 'failed' ? true : undefined));
    const [sub] = (await s.api.get(`/api/projects/${p.uuid}/webhooks/`)).body;
    const [failed] = sub.deliveries;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, response_status_code: 410, delivered: true, success: false });
    const again = await s.api.post(`/api/projects/${p.uuid}/webhooks/${sub.uuid}/deliveries/${failed.uuid}/redeliver/`);
    expect(again).toMatchObject({ status: 202, body: { status: 'Redelivery queued.' } });
    await until('the success', async () => ((await deliveries(p.uuid))[0]?.status === 'succeeded' ? true : undefined));
    const [after] = (await s.api.get(`/api/projects/${p.uuid}/webhooks/`)).body[0].deliveries;
    expect(after).toMatchObject({ status: 'succeeded', attempts: 2, response_status_code: 200, success: true });
    expect(after.attempt_log.map((a: any) => [a.attempt, a.response_status_code])).toEqual([[1, 410], [2, 200]]);
    expect(receiver.at('/redeliver')).toHaveLength(2);
  }, 60_000);

  it('honours Retry-After on a 429', async () => {
    const url = receiver.script('/throttled', [{ status: 429, headers: { 'Retry-After': '2' } }, { status: 200 }]);
    const p = await project('throttled', [hook(url)]);
    await until('the success', async () => ((await deliveries(p.uuid))[0]?.status === 'succeeded' ? true : undefined));
    const [a, b] = receiver.at('/throttled');
    expect(b.at - a.at).toBeGreaterThanOrEqual(1900);
  }, 60_000);

  it('completes a delivery once when the dispatcher restarts between attempts', async () => {
    const url = receiver.script('/restart', [{ status: 503, headers: { 'Retry-After': '3' } }, { status: 200 }]);
    const p = await project('restart', [hook(url)]);
    await until('the first attempt', () => receiver.at('/restart')[0]);
    await s.t.stack.kill('webhook-dispatcher');
    await s.t.stack.start('webhook-dispatcher');
    await until('the success', async () => ((await deliveries(p.uuid))[0]?.status === 'succeeded' ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at('/restart')).toHaveLength(2);
    expect((await deliveries(p.uuid))[0]).toMatchObject({ attempts: 2, logged: 2 });
  }, 90_000);

  it('refuses a private target that FETCH_ALLOWED_HOSTS does not allow', async () => {
    const p = await project('private', [hook('http://10.255.255.1/hook')]);
    await until('the refusal', async () => ((await deliveries(p.uuid))[0]?.status === 'failed' ? true : undefined));
    const { rows } = await db.query('SELECT error FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.uuid = a.delivery_uuid WHERE d.project_uuid = $1', [p.uuid]);
    expect(rows).toHaveLength(1);
    expect(rows[0].error).toMatch(/non-public address/);
  }, 60_000);
});
