import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as netConnect } from 'node:net';
import { promisify } from 'node:util';
import { freePort } from './free-port';

/**
 * A PostgreSQL server or RabbitMQ node of a test's own, from the machine's Debian packages, on
 * free ports and in a temp dir: a fault test restarts or stops it without touching the servers
 * every other test file uses.
 */

const run = promisify(execFile);

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = netConnect(port, '127.0.0.1', () => {
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

export interface PrivatePostgres {
  adminUrl: string;
  /** Stops the server (fast shutdown: sessions are terminated), runs `whileDown`, starts it again. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const bin = join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  chownSync(dir, ...(await postgresIds()));
  const port = await freePort();
  const data = join(dir, 'data');
  const asPostgres = (cmd: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]);
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

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout), Number(gid.stdout)];
}

export interface PrivateRabbit {
  url: string;
  /** `rabbitmqctl stop_app`: connections drop, the node keeps its durable queues. */
  stopApp(): Promise<void>;
  startApp(): Promise<void>;
  /** Messages (ready + unacknowledged) of every queue whose name starts with `prefix`. */
  queueDepths(prefix: string): Promise<Record<string, { ready: number; unacked: number }>>;
  stop(): Promise<void>;
}

export async function startPrivateRabbit(): Promise<PrivateRabbit> {
  const dir = mkdtempSync(join(tmpdir(), 'private-rabbit-'));
  writeFileSync(join(dir, 'enabled_plugins'), '[].');
  const [port, distPort] = [await freePort(), await freePort()];
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
  const ctl = (...args: string[]) => run('rabbitmqctl', ['-n', node, ...args]);
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    stopApp: async () => void (await ctl('stop_app')),
    startApp: async () => {
      await ctl('start_app');
      await waitForPort(port, 30_000);
    },
    async queueDepths(prefix) {
      const { stdout } = await ctl('list_queues', '-q', '--no-table-headers', 'name', 'messages_ready', 'messages_unacknowledged');
      const out: Record<string, { ready: number; unacked: number }> = {};
      for (const line of stdout.trim().split('\n')) {
        const [name, ready, unacked] = line.trim().split(/\s+/);
        if (name?.startsWith(prefix)) out[name] = { ready: Number(ready), unacked: Number(unacked) };
      }
      return out;
    },
    async stop() {
      await ctl('stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
