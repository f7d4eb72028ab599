import { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'amqplib';
import { createTestDatabase, freePort, TEST_AMQP_URL, TestDatabase, uniqueTestName } from '@sca/testing';
import { S3ObjectStorage, startLocalS3 } from '@sca/storage';
import { topologyNames } from '@sca/messaging';
import { Api } from './api';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStack } = require('../../scripts/stack.js') as {
  startStack(opts: { env: Record<string, string>; stdio?: unknown }): Promise<RunningStack>;
};

interface RunningStack {
  env: Record<string, string>;
  children: Map<string, ChildProcess>;
  start(name: string): Promise<ChildProcess>;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface TestStack {
  baseUrl: string;
  env: Record<string, string>;
  db: TestDatabase;
  storage: S3ObjectStorage;
  prefix: string;
  stack: RunningStack;
  /** Stops the stack's S3 server (connections refused), runs `whileDown`, starts it again on the same port and data. */
  s3Outage(whileDown: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Where the stack's PostgreSQL and RabbitMQ are, when not the machine's (the fault tests run their own). */
export interface StackInfrastructure {
  pgAdminUrl?: string;
  amqpUrl?: string;
}

export const FIXTURE_PIPELINES = join(__dirname, '..', 'fixtures', 'pipelines');

/**
 * The whole stack for one test file: its own database, queue prefix, S3 directory and ports,
 * real PostgreSQL, RabbitMQ and S3 (s3rver). Services log to files under the work dir.
 */
export async function startTestStack(extraEnv: Record<string, string> = {}, opts: StackInfrastructure = {}): Promise<TestStack> {
  const db = await createTestDatabase(opts.pgAdminUrl);
  const prefix = uniqueTestName('e2e');
  const dir = await mkdtemp(join(tmpdir(), 'sca-e2e-'));
  let s3 = await startLocalS3({ directory: join(dir, 's3'), port: 0, bucket: 'e2e', silent: true });
  const [gateway, store, runner, reporting, webhooks] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    AMQP_URL: opts.amqpUrl ?? TEST_AMQP_URL,
    AMQP_PREFIX: prefix,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'e2e',
    PORT: String(gateway),
    HOST: '127.0.0.1',
    PROJECT_STORE_PORT: String(store),
    PROJECT_STORE_URL: `http://127.0.0.1:${store}`,
    RUNNER_PORT: String(runner),
    REPORTING_PORT: String(reporting),
    REPORTING_URL: `http://127.0.0.1:${reporting}`,
    WEBHOOK_DISPATCHER_PORT: String(webhooks),
    RUNNER_WORK_DIR: join(dir, 'runs'),
    PIPELINES_DIRS: FIXTURE_PIPELINES,
    FETCH_ALLOWED_HOSTS: '',
    LOG_LEVEL: 'warn',
    HEARTBEAT_SECONDS: '1',
    RUN_LEASE_SECONDS: '4',
    STALE_CHECK_INTERVAL_SECONDS: '1',
    ...extraEnv,
  };
  const stack = await startStack({ env, stdio: process.env.E2E_VERBOSE ? 'inherit' : 'ignore' });
  const storage = new S3ObjectStorage({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, region: 'us-east-1', bucket: 'e2e' });
  return {
    baseUrl: `http://127.0.0.1:${gateway}`,
    env,
    db,
    storage,
    prefix,
    stack,
    async s3Outage(whileDown) {
      const port = Number(new URL(s3.endpoint).port);
      await s3.close();
      try {
        await whileDown();
      } finally {
        s3 = await startLocalS3({ directory: join(dir, 's3'), port, bucket: 'e2e', silent: true });
      }
    },
    async stop() {
      await stack.stop();
      await s3.close();
      await db.drop();
      await deleteTopology(prefix, env.AMQP_URL).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Removes the durable queues and exchanges this stack declared. */
async function deleteTopology(prefix: string, amqpUrl: string): Promise<void> {
  const conn = await connect(amqpUrl);
  try {
    const queues = [
      topologyNames.rpcQueue(prefix, 'project-store'),
      topologyNames.rpcQueue(prefix, 'reporting'),
      ...Object.values(topologyNames.work(prefix, 'run.execute')),
      ...Object.values(topologyNames.work(prefix, 'webhook.deliver')),
      ...Object.values(topologyNames.events(prefix, 'project-store')),
      ...Object.values(topologyNames.events(prefix, 'webhook-dispatcher')),
    ];
    for (const q of queues) {
      const ch = await conn.createChannel();
      ch.on('error', () => undefined);
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    await ch.deleteExchange(topologyNames.eventsExchange(prefix)).catch(() => undefined);
    await ch.deleteExchange(topologyNames.controlExchange(prefix)).catch(() => undefined);
    await ch.close().catch(() => undefined);
  } finally {
    await conn.close();
  }
}

export interface StackContext {
  t: TestStack;
  api: Api;
}

/** Starts one stack for the calling test file (beforeAll) and stops it (afterAll). */
export function useTestStack(extraEnv: Record<string, string> = {}, infra: () => StackInfrastructure = () => ({})): StackContext {
  const ctx = {} as StackContext;
  beforeAll(async () => {
    ctx.t = await startTestStack(extraEnv, infra());
    ctx.api = new Api(ctx.t.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await ctx.t?.stop();
  });
  return ctx;
}
