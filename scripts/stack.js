// Starts the five services (and local S3 when none is configured) as child processes.
// Used by `npm start` and by the end-to-end tests, so both run the stack the same way.
const { spawn } = require('node:child_process');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');

const ROOT = join(__dirname, '..');
const SERVICES = ['project-store', 'pipeline-runner', 'api-gateway', 'reporting', 'webhook-dispatcher'];

/** Creates the database named in DATABASE_URL when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function startLocalS3IfNeeded(env) {
  if (env.S3_ENDPOINT) return null;
  const { startLocalS3 } = require(join(ROOT, 'dist/libs/storage/src/local-s3.js'));
  const directory = env.LOCAL_S3_DIR || join(ROOT, 'var', 's3');
  mkdirSync(directory, { recursive: true });
  const s3 = await startLocalS3({ directory, host: '127.0.0.1', port: Number(env.LOCAL_S3_PORT || 9000), bucket: env.S3_BUCKET || 'scanworks', silent: true });
  env.S3_ENDPOINT = s3.endpoint;
  env.S3_ACCESS_KEY = s3.accessKey;
  env.S3_SECRET_KEY = s3.secretKey;
  return s3;
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: service exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

function serviceUrl(name, env) {
  const port = { 'project-store': env.PROJECT_STORE_PORT || 8011, 'pipeline-runner': env.RUNNER_PORT || 8021, reporting: env.REPORTING_PORT || 8031, 'webhook-dispatcher': env.WEBHOOK_DISPATCHER_PORT || 8041, 'api-gateway': env.PORT || 8001 }[name];
  return `http://127.0.0.1:${port}/health/live`;
}

/**
 * Starts the stack. `opts.env` overrides process.env; `opts.stdio` is passed to children.
 * Returns { env, children, stop(), restart(name), kill(name, signal) }.
 */
async function startStack(opts = {}) {
  const env = { ...process.env, ...opts.env };
  env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/scanworks';
  await ensureDatabase(env.DATABASE_URL);
  const s3 = await startLocalS3IfNeeded(env);
  const children = new Map();
  const spawnService = async (name) => {
    const child = spawn(process.execPath, [join(ROOT, `dist/apps/${name}/src/main.js`)], { cwd: ROOT, env, stdio: opts.stdio ?? 'inherit' });
    children.set(name, child);
    await waitForHealth(serviceUrl(name, env), child);
    return child;
  };
  // project-store first: it applies the migrations the others rely on.
  const order = opts.services ?? SERVICES;
  for (const name of order) await spawnService(name);
  const stopChild = (child, signal = 'SIGTERM') =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill(signal);
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return {
    env,
    children,
    start: spawnService,
    kill: (name, signal) => stopChild(children.get(name), signal),
    async stop() {
      await Promise.all([...children.values()].map((c) => stopChild(c)));
      if (s3) await s3.close();
    },
  };
}

module.exports = { startStack, ensureDatabase, SERVICES };
