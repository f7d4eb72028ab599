// A PostgreSQL server or RabbitMQ node of a test's or benchmark's own, from the machine's Debian
// packages, on free ports and in a temp dir: a fault test restarts or stops it without touching
// the servers every other test file uses. Used by e2e/faults-*.e2e-spec.ts and bench/faults.bench.js.
const { execFile } = require('node:child_process');
const { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { connect, createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const s = connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** { adminUrl, restart(whileDown?), stop() }: restart stops the server (fast shutdown), runs `whileDown`, starts it. */
async function startPrivatePostgres() {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const bin = join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  chownSync(dir, Number(uid.stdout), Number(gid.stdout));
  const port = await freePort();
  const data = join(dir, 'data');
  const asPostgres = (cmd, args) => run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(whileDown) {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      try {
        await whileDown?.();
      } finally {
        await start();
      }
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * { url, managementUrl, stopApp(), startApp(), queueDepths(prefix), stop() } of a RabbitMQ node of
 * its own; `management: true` enables the management API (KEDA's source of queue depths) on a
 * free port of 127.0.0.1, as `managementUrl` (http://guest:guest@127.0.0.1:<port>).
 */
async function startPrivateRabbit({ management = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'private-rabbit-'));
  writeFileSync(join(dir, 'enabled_plugins'), management ? '[rabbitmq_management].' : '[].');
  const [port, distPort] = [await freePort(), await freePort()];
  const managementPort = management ? await freePort() : null;
  if (management) writeFileSync(join(dir, 'rabbitmq.conf'), `management.tcp.ip = 127.0.0.1\nmanagement.tcp.port = ${managementPort}\n`);
  await run('chown', ['-R', 'rabbitmq:rabbitmq', dir]);
  const node = `test${process.pid}x${port}@localhost`;
  const env = {
    ...process.env,
    RABBITMQ_NODENAME: node, RABBITMQ_NODE_PORT: String(port), RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'), RABBITMQ_LOG_BASE: join(dir, 'log'), RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'), RABBITMQ_PID_FILE: join(dir, 'pid'),
  };
  await run('rabbitmq-server', ['-detached'], { env });
  await waitForPort(port, 60_000);
  if (managementPort) await waitForPort(managementPort, 60_000);
  const ctl = (...args) => run('rabbitmqctl', ['-n', node, ...args]);
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    managementUrl: managementPort ? `http://guest:guest@127.0.0.1:${managementPort}` : null,
    stopApp: async () => void (await ctl('stop_app')),
    async startApp() {
      await ctl('start_app');
      await waitForPort(port, 30_000);
    },
    async queueDepths(prefix) {
      const { stdout } = await ctl('list_queues', '-q', '--no-table-headers', 'name', 'messages_ready', 'messages_unacknowledged');
      const out = {};
      for (const line of stdout.trim().split('\n')) {
        const [name, ready, unacked] = line.trim().split(/\s+/);
        if (name && name.startsWith(prefix)) out[name] = { ready: Number(ready), unacked: Number(unacked) };
      }
      return out;
    },
    async stop() {
      await ctl('stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startPrivatePostgres, startPrivateRabbit, freePort };
