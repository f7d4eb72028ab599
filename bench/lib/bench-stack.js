// A dedicated stack for benchmarks: its own database, queue prefix, S3 server (in a process of its
// own, as under `npm start`) and ports.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const net = require('node:net');
const { Client } = require('pg');
const { startStack } = require('../../scripts/stack');
const { startLocalS3Process: startLocalS3 } = require('./local-s3-process');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * `pgAdminUrl` and `amqpUrl` point the stack at servers of the benchmark's own (the fault benchmark's);
 * `services` starts only those (the autoscaling benchmark runs its own runners).
 */
async function startBenchStack(name, { stdio = 'ignore', env: extraEnv = {}, pgAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres', amqpUrl, services } = {}) {
  const db = `scanworks_bench_${name}_${process.pid}`;
  const admin = new Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  await admin.end();
  const dir = mkdtempSync(join(tmpdir(), 'sca-bench-'));
  let s3 = await startLocalS3({ directory: join(dir, 's3'), port: 0, bucket: 'bench', silent: true });
  const [gw, store, runner, rep, hooks] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const env = {
    DATABASE_URL: Object.assign(new URL(pgAdminUrl), { pathname: `/${db}` }).toString(), AMQP_PREFIX: `bench_${process.pid}`,
    ...(amqpUrl ? { AMQP_URL: amqpUrl } : {}),
    S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey, S3_BUCKET: 'bench',
    PORT: String(gw), HOST: '127.0.0.1', PROJECT_STORE_PORT: String(store), PROJECT_STORE_URL: `http://127.0.0.1:${store}`,
    RUNNER_PORT: String(runner), REPORTING_PORT: String(rep), REPORTING_URL: `http://127.0.0.1:${rep}`, WEBHOOK_DISPATCHER_PORT: String(hooks), RUNNER_WORK_DIR: join(dir, 'runs'), LOG_LEVEL: 'warn',
  };
  const stack = await startStack({ env: { ...env, ...extraEnv }, stdio, services });
  return {
    baseUrl: `http://127.0.0.1:${gw}`,
    stack,
    dir,
    /** The local S3 server's process (it changes after an outage). */
    get s3Pid() {
      return s3.pid;
    },
    /** Stops the S3 server (connections refused), runs `whileDown`, starts it again on the same port and data. */
    async s3Outage(whileDown) {
      const port = Number(new URL(s3.endpoint).port);
      await s3.close();
      try {
        await whileDown();
      } finally {
        s3 = await startLocalS3({ directory: join(dir, 's3'), port, bucket: 'bench', silent: true });
      }
    },
    async stop() {
      await stack.stop();
      await s3.close();
      const c = new Client({ connectionString: pgAdminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startBenchStack };
