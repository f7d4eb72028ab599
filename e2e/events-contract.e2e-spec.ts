import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Channel, ChannelModel, connect, ConsumeMessage } from 'amqplib';
import { PIPELINE_INPUTS, TEST_AMQP_URL } from '@sca/testing';
import { AsyncApiSubscriber, DecodedEvent } from './support/asyncapi-subscriber';
import { useTestStack } from './support/test-stack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const asyncApiSpecs = require('@asyncapi/specs') as { schemas: Record<string, object> };

const DOCUMENT = join(__dirname, '..', 'docs', 'asyncapi.yaml');
const SITE_URL = 'https://scan.example.test';

describe('docs/asyncapi.yaml', () => {
  it('is a valid AsyncAPI 3.0 document whose examples match their own payload schemas', () => {
    // The bundled AsyncAPI schema carries its own copy of the draft-07 meta-schema: ajv's is left out.
    const ajv = new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false });
    addFormats(ajv);
    const validateDocument = ajv.compile(asyncApiSpecs.schemas['3.0.0']);
    const subscriber = new AsyncApiSubscriber(DOCUMENT, 'sca');
    expect(validateDocument(subscriber.doc) ? [] : validateDocument.errors).toEqual([]);
    expect(subscriber.exchange).toBe('sca.events');
    expect([...subscriber.events.keys()]).toEqual(['run.started', 'run.completed', 'project.deleted']);
    for (const message of Object.values<any>(subscriber.doc.components.messages)) {
      for (const example of message.examples ?? []) {
        const { validate } = subscriber.events.get(message.name)!;
        expect(validate(example.payload) ? [] : validate.errors).toEqual([]);
      }
    }
    // The receiver's validator is not a rubber stamp.
    const { validate } = subscriber.events.get('run.completed')!;
    const example = subscriber.doc.components.messages.runCompleted.examples[0].payload;
    expect(validate({ ...example, status: 'running' })).toBe(false);
    expect(validate({ ...example, schema_version: 2 })).toBe(false);
    const { results_url: _dropped, ...withoutUrl } = example;
    expect(validate(withoutUrl)).toBe(false);
  });
});

describe('events as an outside subscriber receives them (real broker)', () => {
  const s = useTestStack({ SITE_URL });
  let conn: ChannelModel;
  let ch: Channel;
  let subscriber: AsyncApiSubscriber;
  const queue = `contract-subscriber-${process.pid}-${Date.now()}`;
  const received: DecodedEvent[] = [];
  const failures: Error[] = [];

  beforeAll(async () => {
    subscriber = new AsyncApiSubscriber(DOCUMENT, s.t.prefix);
    conn = await connect(TEST_AMQP_URL);
    ch = await conn.createChannel();
    await subscriber.bind(ch, queue);
    await ch.consume(queue, (msg: ConsumeMessage | null) => {
      if (!msg) return;
      try {
        received.push(subscriber.decode(msg));
      } catch (e) {
        failures.push(e as Error);
      }
      ch.ack(msg);
    });
  });

  afterAll(async () => {
    await ch?.deleteQueue(queue).catch(() => undefined);
    await conn?.close().catch(() => undefined);
  });

  const eventFor = async (routingKey: string, match: (p: Record<string, unknown>) => boolean): Promise<DecodedEvent> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (failures.length) throw failures[0];
      const found = received.find((e) => e.routingKey === routingKey && match(e.payload));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${routingKey} within 30 s; received ${received.map((e) => e.routingKey).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('run.started, run.completed and project.deleted decode with the document alone, and carry what the API shows', async () => {
    const policies = { license_policies: [{ license_key: 'mit', compliance_alert: 'error' }, { license_key: 'apache-2.0', compliance_alert: 'warning' }] };
    const { project, run } = await s.api.runUpload({ name: `events-${Date.now()}`, pipeline: 'scan_codebase', file: join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz'), settings: { policies } });
    expect(run.status).toBe('success');

    const started = await eventFor('run.started', (p) => p.run_uuid === run.uuid);
    expect(started.payload).toMatchObject({ schema_version: 1, project_uuid: project.uuid });
    expect(started.messageId).toBe(`${run.uuid}.started.0`);

    const completed = await eventFor('run.completed', (p) => p.run_uuid === run.uuid);
    expect(completed.messageId).toBe(`${run.uuid}.completed`);
    const detail = (await s.api.get(`/api/projects/${project.uuid}/`)).body;
    const alerts = (await s.api.get(`/api/projects/${project.uuid}/compliance/?fail_level=MISSING`)).body.compliance_alerts;
    const alertCount = (severity: string) => Object.values<Record<string, string[]>>(alerts).reduce((n, bySeverity) => n + (bySeverity[severity]?.length ?? 0), 0);
    expect(completed.payload).toEqual({
      schema_version: 1,
      run_uuid: run.uuid,
      project_uuid: project.uuid,
      project_name: detail.name,
      pipeline_name: 'scan_codebase',
      status: 'success',
      task_exitcode: 0,
      task_start_date: new Date(run.task_start_date).toISOString(),
      task_end_date: new Date(run.task_end_date).toISOString(),
      resource_count: detail.resource_count,
      package_count: detail.package_count,
      dependency_count: detail.dependency_count,
      relation_count: detail.relation_count,
      message_count: detail.message_count,
      compliance_alerts: { error: alertCount('error'), warning: alertCount('warning'), missing: alertCount('missing') },
      results_url: `${SITE_URL}/api/projects/${project.uuid}/results/`,
    });
    expect(completed.payload.resource_count).toBeGreaterThan(0);
    expect((completed.payload.compliance_alerts as { error: number }).error).toBeGreaterThan(0);
    // The results URL is the API's: under the stack's own address it answers the results document.
    const results = await s.api.get(new URL(completed.payload.results_url as string).pathname);
    expect(results.status).toBe(200);
    expect(results.body.headers[0].runs[0].uuid).toBe(run.uuid);

    expect((await s.api.delete(`/api/projects/${project.uuid}/`)).status).toBe(204);
    const deleted = await eventFor('project.deleted', (p) => p.project_uuid === project.uuid);
    expect(deleted).toMatchObject({ messageId: `${project.uuid}.deleted`, payload: { schema_version: 1, project_uuid: project.uuid } });
    expect(failures).toEqual([]);
  }, 120_000);
});
