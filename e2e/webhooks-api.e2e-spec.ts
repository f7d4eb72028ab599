import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { topologyNames } from '@sca/messaging';
import { TEST_AMQP_URL } from '@sca/testing';
import { useTestStack } from './support/test-stack';

const LIST_KEYS = ['name', 'url', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'input_sources', 'next_run', 'runs', 'results_url', 'summary_url'];
const SUBSCRIPTION_KEYS = ['uuid', 'target_url', 'trigger_on_each_run', 'include_summary', 'include_results', 'is_active', 'created_date', 'deliveries'];
const DELIVERY_KEYS = [
  'uuid', 'run', 'event', 'status', 'attempts', 'target_url', 'sent_date', 'delivered_date', 'response_status_code', 'response_text',
  'delivery_error', 'delivered', 'success', 'attempt_log',
];
const ATTEMPT_KEYS = ['attempt', 'sent_date', 'duration_ms', 'response_status_code', 'response_text', 'error'];
const DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const MISSING_PROJECT = '00000000-0000-0000-0000-000000000000';

const s = useTestStack();

// The webhook-dispatcher is not what these tests are about: without it nothing consumes the
// delivery queue, so the inserted rows keep their state and a queued redelivery can be read back.
beforeAll(async () => {
  await s.t.stack.kill('webhook-dispatcher');
});

async function sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: s.t.db.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Takes every message waiting in the delivery work queue. */
async function drainDeliverQueue(): Promise<{ type: string | undefined; body: unknown }[]> {
  const conn = await connect(TEST_AMQP_URL);
  const queue = topologyNames.work(s.t.prefix, 'webhook.deliver').main;
  try {
    const probe = await conn.createChannel();
    probe.on('error', () => undefined);
    // Declared on the first publish: before that there is nothing to read.
    if (!(await probe.checkQueue(queue).then(() => true, () => false))) return [];
    await probe.close();
    const ch = await conn.createChannel();
    const out: { type: string | undefined; body: unknown }[] = [];
    for (;;) {
      const msg = await ch.get(queue, { noAck: true });
      if (msg === false) break;
      out.push({ type: msg.properties.type, body: JSON.parse(msg.content.toString('utf8')) });
    }
    await ch.close();
    return out;
  } finally {
    await conn.close();
  }
}

interface DeliveryRow {
  subscription: string | null;
  run?: string | null;
  status: string;
  attempts?: number;
  code?: number | null;
  ageSeconds: number;
  claimed?: boolean;
  delivered?: boolean;
  error?: string;
}

async function insertDelivery(projectUuid: string, d: DeliveryRow): Promise<string> {
  const uuid = randomUUID();
  await sql(
    `INSERT INTO webhook_deliveries (uuid, project_uuid, webhook_subscription_uuid, run_uuid, target_url, sent_date, response_status_code,
       response_text, delivery_error, status, attempts, claimed_at, delivered_date)
     VALUES ($1, $2, $3, $4, 'https://hooks.example/log', now() - make_interval(secs => $5), $6, $7, $8, $9, $10,
       CASE WHEN $11 THEN now() END, CASE WHEN $12 THEN now() - make_interval(secs => $5) END)`,
    [uuid, projectUuid, d.subscription, d.run ?? null, d.ageSeconds, d.code ?? null, d.code ? `answer ${d.code}` : '', d.error ?? '',
      d.status, d.attempts ?? 0, d.claimed ?? false, d.delivered ?? false],
  );
  return uuid;
}

async function insertAttempt(deliveryUuid: string, attempt: number, code: number | null, error = ''): Promise<void> {
  await sql(
    `INSERT INTO webhook_delivery_attempts (delivery_uuid, attempt, sent_date, duration_ms, response_status_code, response_text, error)
     VALUES ($1, $2, now() - make_interval(secs => $3), 25, $4, $5, $6)`,
    [deliveryUuid, attempt, 100 - attempt, code, code ? `answer ${code}` : '', error],
  );
}

async function addWebhook(projectUuid: string, body: Record<string, unknown>): Promise<{ uuid: string; secret: string }> {
  const res = await s.api.post(`/api/projects/${projectUuid}/add_webhook/`, body);
  expect(res.status).toBe(201);
  return res.body;
}

describe('secrets', () => {
  it('returns the secrets of the subscriptions a project creation made, once', async () => {
    const own = 'my-own-secret-0123456789';
    const res = await s.api.post('/api/projects/', {
      name: 'secret hooks',
      webhook_url: 'https://hooks.example/plain',
      webhooks: [{ target_url: 'https://hooks.example/a', secret: own }, { target_url: 'https://hooks.example/b', include_summary: true }],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual([...LIST_KEYS, 'webhooks']);
    const created = res.body.webhooks;
    expect(created).toEqual([
      { uuid: expect.any(String), target_url: 'https://hooks.example/plain', secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) },
      { uuid: expect.any(String), target_url: 'https://hooks.example/a', secret: own },
      { uuid: expect.any(String), target_url: 'https://hooks.example/b', secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) },
    ]);
    expect(created[0].secret).not.toBe(created[2].secret);

    // Stored as given: the dispatcher needs the secret itself to compute the HMAC.
    const rows = await sql('SELECT uuid, secret FROM webhook_subscriptions WHERE project_uuid = $1', [res.body.uuid]);
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.secret]))).toEqual(Object.fromEntries(created.map((w: any) => [w.uuid, w.secret])));

    // Never shown again.
    const reads = [
      await s.api.get(`/api/projects/${res.body.uuid}/`),
      await s.api.get('/api/projects/?name=secret%20hooks'),
      await s.api.get(`/api/projects/${res.body.uuid}/webhooks/`),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      for (const w of created) expect(read.text).not.toContain(w.secret);
      expect(read.text).not.toContain('"secret"');
    }
    expect(reads[2].body.map((w: any) => w.uuid).sort()).toEqual(created.map((w: any) => w.uuid).sort());
  });

  it('adds no webhooks key when the creation made no subscription', async () => {
    const res = await s.api.post('/api/projects/', { name: 'no hooks' });
    expect(Object.keys(res.body)).toEqual(LIST_KEYS);
  });

  it('answers add_webhook with ScanCode.io\'s status, then the uuid and the secret, given or generated', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'add hooks' })).body;
    const path = `/api/projects/${p.uuid}/add_webhook/`;
    const given = await s.api.post(path, { target_url: 'https://hooks.example/given', secret: 's'.repeat(16) });
    expect(given.status).toBe(201);
    expect(Object.keys(given.body)).toEqual(['status', 'uuid', 'secret']);
    expect(given.body).toEqual({ status: 'Webhook added.', uuid: expect.any(String), secret: 's'.repeat(16) });
    const generated = await s.api.post(path, { target_url: 'https://hooks.example/generated' });
    expect(generated.body).toEqual({ status: 'Webhook added.', uuid: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
    const form = await s.api.postForm(path, new URLSearchParams({ target_url: 'https://hooks.example/form', secret: 'form-secret-0123456789' }));
    expect(form.body).toMatchObject({ status: 'Webhook added.', secret: 'form-secret-0123456789' });
    const stored = await sql('SELECT target_url, secret FROM webhook_subscriptions WHERE project_uuid = $1 ORDER BY created_date', [p.uuid]);
    expect(stored).toEqual([
      { target_url: 'https://hooks.example/given', secret: 's'.repeat(16) },
      { target_url: 'https://hooks.example/generated', secret: generated.body.secret },
      { target_url: 'https://hooks.example/form', secret: 'form-secret-0123456789' },
    ]);
  });

  it('refuses a bad secret with a field error and creates nothing', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'bad secrets' })).body;
    const path = `/api/projects/${p.uuid}/add_webhook/`;
    const cases: [unknown, unknown][] = [
      [{ target_url: 'https://h.example/', secret: 'too-short' }, { secret: ['Ensure this field has at least 16 characters.'] }],
      [{ target_url: 'https://h.example/', secret: 'x'.repeat(201) }, { secret: ['Ensure this field has no more than 200 characters.'] }],
      [{ target_url: 'https://h.example/', secret: '' }, { secret: ['This field may not be blank.'] }],
      [{ target_url: 'https://h.example/', secret: 12345678901234567 }, { secret: ['Not a valid string.'] }],
      [{ target_url: 'https://h.example/', secrets: 'x'.repeat(20) }, { secrets: ['This field is not allowed.'] }],
    ];
    for (const [body, errors] of cases) {
      expect({ body, res: await s.api.post(path, body) }).toMatchObject({ body, res: { status: 400, body: errors } });
    }
    expect(await sql('SELECT count(*)::int AS n FROM webhook_subscriptions WHERE project_uuid = $1', [p.uuid])).toEqual([{ n: 0 }]);

    const create = await s.api.post('/api/projects/', {
      name: 'bad secret at creation',
      webhooks: [{ target_url: 'https://h.example/a', secret: 'short' }, { target_url: 'https://h.example/b', secert: 'y'.repeat(20) }],
    });
    expect(create).toMatchObject({ status: 400, body: { webhooks: [{ secret: ['Ensure this field has at least 16 characters.'] }, { secert: ['This field is not allowed.'] }] } });
    expect((await s.api.get('/api/projects/?name=bad%20secret%20at%20creation')).body.count).toBe(0);
  });
});

describe('GET /api/projects/<uuid>/webhooks/', () => {
  it('lists subscriptions newest first, each with its deliveries newest first and their attempt log', async () => {
    // One delivery per (subscription, run, event): two runs for two deliveries.
    const p = (await s.api.post('/api/projects/', { name: 'delivery log', pipeline: ['load_inventory', 'load_inventory'] })).body;
    const [run, run2] = p.runs.map((r: any) => r.uuid);
    const older = await addWebhook(p.uuid, { target_url: 'https://hooks.example/older', include_results: true });
    const newer = await addWebhook(p.uuid, { target_url: 'https://hooks.example/newer', trigger_on_each_run: true, is_active: false });
    const ok = await insertDelivery(p.uuid, { subscription: older.uuid, run, status: 'succeeded', attempts: 1, code: 200, ageSeconds: 120, delivered: true });
    await insertAttempt(ok, 1, 200);
    const failed = await insertDelivery(p.uuid, { subscription: older.uuid, run: run2, status: 'failed', attempts: 2, code: 404, ageSeconds: 60 });
    await insertAttempt(failed, 2, 404);
    await insertAttempt(failed, 1, null, 'connect ECONNREFUSED');
    // A delivery of a deleted subscription belongs to no subscription listed.
    await insertDelivery(p.uuid, { subscription: null, run, status: 'succeeded', code: 200, ageSeconds: 10 });

    const res = await s.api.get(`/api/projects/${p.uuid}/webhooks/`);
    expect(res.status).toBe(200);
    expect(res.body.map((w: any) => w.uuid)).toEqual([newer.uuid, older.uuid]);
    for (const w of res.body) {
      expect(Object.keys(w)).toEqual(SUBSCRIPTION_KEYS);
      expect(w.created_date).toMatch(DATETIME);
    }
    expect(res.body[0]).toMatchObject({ target_url: 'https://hooks.example/newer', trigger_on_each_run: true, include_summary: false, include_results: false, is_active: false, deliveries: [] });
    expect(res.body[1]).toMatchObject({ target_url: 'https://hooks.example/older', trigger_on_each_run: false, include_results: true, is_active: true });

    const deliveries = res.body[1].deliveries;
    expect(deliveries.map((d: any) => d.uuid)).toEqual([failed, ok]);
    for (const d of deliveries) {
      expect(Object.keys(d)).toEqual(DELIVERY_KEYS);
      expect(d.sent_date).toMatch(DATETIME);
      for (const a of d.attempt_log) {
        expect(Object.keys(a)).toEqual(ATTEMPT_KEYS);
        expect(a.sent_date).toMatch(DATETIME);
      }
    }
    expect(deliveries[0]).toMatchObject({
      run: run2, event: 'run.completed', status: 'failed', attempts: 2, target_url: 'https://hooks.example/log', delivered_date: null,
      response_status_code: 404, response_text: 'answer 404', delivered: true, success: false,
    });
    expect(deliveries[0].attempt_log).toEqual([
      { attempt: 1, sent_date: expect.any(String), duration_ms: 25, response_status_code: null, response_text: '', error: 'connect ECONNREFUSED' },
      { attempt: 2, sent_date: expect.any(String), duration_ms: 25, response_status_code: 404, response_text: 'answer 404', error: '' },
    ]);
    expect(deliveries[1]).toMatchObject({ run, status: 'succeeded', response_status_code: 200, delivered: true, success: true, attempt_log: [{ attempt: 1, response_status_code: 200 }] });
    expect(deliveries[1].delivered_date).toMatch(DATETIME);
  });

  it('answers 404 for an unknown or malformed project', async () => {
    expect(await s.api.get(`/api/projects/${MISSING_PROJECT}/webhooks/`)).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
    expect(await s.api.get('/api/projects/not-a-uuid/webhooks/')).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.post(`/api/projects/${MISSING_PROJECT}/webhooks/`, {})).toMatchObject({ status: 405 });
  });
});

describe('DELETE /api/projects/<uuid>/webhooks/<subscription>/', () => {
  it('deletes the subscription and keeps its deliveries', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'delete hooks' })).body;
    const other = (await s.api.post('/api/projects/', { name: 'delete hooks other' })).body;
    const keep = await addWebhook(p.uuid, { target_url: 'https://hooks.example/keep' });
    const gone = await addWebhook(p.uuid, { target_url: 'https://hooks.example/gone' });
    const delivery = await insertDelivery(p.uuid, { subscription: gone.uuid, status: 'failed', attempts: 1, ageSeconds: 5 });

    expect(await s.api.delete(`/api/projects/${other.uuid}/webhooks/${gone.uuid}/`)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const res = await s.api.delete(`/api/projects/${p.uuid}/webhooks/${gone.uuid}/`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await s.api.delete(`/api/projects/${p.uuid}/webhooks/${gone.uuid}/`)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.delete(`/api/projects/${p.uuid}/webhooks/not-a-uuid/`)).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.delete(`/api/projects/${MISSING_PROJECT}/webhooks/${keep.uuid}/`)).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
    expect(await s.api.get(`/api/projects/${p.uuid}/webhooks/${keep.uuid}/`)).toMatchObject({ status: 405 });

    expect((await s.api.get(`/api/projects/${p.uuid}/webhooks/`)).body.map((w: any) => w.uuid)).toEqual([keep.uuid]);
    expect(await sql('SELECT webhook_subscription_uuid, status FROM webhook_deliveries WHERE uuid = $1', [delivery])).toEqual([{ webhook_subscription_uuid: null, status: 'failed' }]);
  });
});

describe('POST …/webhooks/<subscription>/deliveries/<delivery>/redeliver/', () => {
  it('queues a failed delivery again and refuses any other state', async () => {
    const p = (await s.api.post('/api/projects/', { name: 'redeliver', pipeline: ['load_inventory', 'load_inventory', 'load_inventory'] })).body;
    const [run1, run2, run3] = p.runs.map((r: any) => r.uuid);
    const hook = await addWebhook(p.uuid, { target_url: 'https://hooks.example/r' });
    const otherHook = await addWebhook(p.uuid, { target_url: 'https://hooks.example/other' });
    const succeeded = await insertDelivery(p.uuid, { subscription: hook.uuid, run: run1, status: 'succeeded', attempts: 1, code: 200, ageSeconds: 30, delivered: true });
    const retrying = await insertDelivery(p.uuid, { subscription: hook.uuid, run: run2, status: 'retrying', attempts: 1, code: 503, ageSeconds: 20 });
    const failed = await insertDelivery(p.uuid, { subscription: hook.uuid, run: run3, status: 'failed', attempts: 3, code: 500, ageSeconds: 10, claimed: true, error: 'HTTP 500' });
    for (const n of [1, 2, 3]) await insertAttempt(failed, n, 500);
    const path = (sub: string, delivery: string, project = p.uuid) => `/api/projects/${project}/webhooks/${sub}/deliveries/${delivery}/redeliver/`;
    await drainDeliverQueue();

    expect(await s.api.post(path(hook.uuid, succeeded))).toMatchObject({ status: 400, body: { status: 'Only a failed delivery can be redelivered (this one is succeeded).' } });
    expect(await s.api.post(path(hook.uuid, retrying))).toMatchObject({ status: 400, body: { status: 'Only a failed delivery can be redelivered (this one is retrying).' } });
    expect(await s.api.post(path(hook.uuid, randomUUID()))).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.post(path(otherHook.uuid, failed))).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.post(path(hook.uuid, 'not-a-uuid'))).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await s.api.post(path(hook.uuid, failed, MISSING_PROJECT))).toMatchObject({ status: 404, body: { detail: 'No Project matches the given query.' } });
    expect(await s.api.get(path(hook.uuid, failed))).toMatchObject({ status: 405 });
    expect(await drainDeliverQueue()).toEqual([]);

    const res = await s.api.post(path(hook.uuid, failed));
    expect(res).toMatchObject({ status: 202, body: { status: 'Redelivery queued.' } });
    expect(await sql('SELECT status, claimed_at, attempts, response_status_code, delivery_error FROM webhook_deliveries WHERE uuid = $1', [failed])).toEqual([
      { status: 'pending', claimed_at: null, attempts: 3, response_status_code: 500, delivery_error: 'HTTP 500' },
    ]);
    expect(await sql('SELECT attempt FROM webhook_delivery_attempts WHERE delivery_uuid = $1 ORDER BY attempt', [failed])).toEqual([{ attempt: 1 }, { attempt: 2 }, { attempt: 3 }]);
    expect(await drainDeliverQueue()).toEqual([{ type: 'webhook.deliver', body: { delivery_uuid: failed } }]);

    // Pending now: a second request is refused and queues nothing.
    expect(await s.api.post(path(hook.uuid, failed))).toMatchObject({ status: 400, body: { status: 'Only a failed delivery can be redelivered (this one is pending).' } });
    expect(await drainDeliverQueue()).toEqual([]);
    const listed = (await s.api.get(`/api/projects/${p.uuid}/webhooks/`)).body.find((w: any) => w.uuid === hook.uuid);
    expect(listed.deliveries.find((d: any) => d.uuid === failed)).toMatchObject({ status: 'pending', attempts: 3, attempt_log: [{ attempt: 1 }, { attempt: 2 }, { attempt: 3 }] });
  });
});
