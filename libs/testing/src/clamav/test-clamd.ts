import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClamdClient, type ClamdAddress } from '@sca/scanner';
import { freePort } from '../free-port';
import { writeTestSignatures, type TestSignature } from './test-signatures';

export interface TestClamdOptions {
  /** clamd's StreamMaxLength, in bytes (clamd's default: 25 MiB). */
  streamMaxLength?: number;
  /** Log every clean file too (LogClean), so that a test can follow the scan in the log. */
  logClean?: boolean;
  /**
   * Directories clamd must not see: it runs in a private mount namespace where each is an empty
   * tmpfs (root only), so that only INSTREAM can give it a file of theirs.
   */
  hiddenDirs?: string[];
  /** The test signatures to load (both by default). */
  signatures?: TestSignature[];
}

export interface TestClamd {
  address: ClamdAddress & { kind: 'tcp' };
  /** `127.0.0.1:<port>`, as CLAMD_TCP_ADDR takes it. */
  tcpAddr: string;
  /** The same clamd on its Unix socket (LocalSocket), as CLAMD_SOCKET takes it. */
  socket: ClamdAddress & { kind: 'unix' };
  logFile: string;
  /** Lines of clamd's log. */
  log(): string[];
  /** Stops clamd at once (SIGKILL) and waits for it to be gone. */
  kill(): Promise<void>;
  /** Starts clamd again on the same port, with the same configuration. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

function clamdBinary(): string {
  for (const candidate of ['/usr/sbin/clamd', '/usr/local/sbin/clamd']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v clamd'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('clamd is not installed: scripts/test-tools.sh installs it (Debian package clamav-daemon)');
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A real clamd for one test file, on a free loopback port, with a configuration and a signature
 * database of its own (test-signatures.ts). Ready when it answers PING.
 */
export async function startTestClamd(options: TestClamdOptions = {}): Promise<TestClamd> {
  const binary = clamdBinary();
  const dir = mkdtempSync(join(tmpdir(), 'test-clamd-'));
  const port = await freePort();
  writeTestSignatures(join(dir, 'db'), options.signatures);
  const logFile = join(dir, 'clamd.log');
  const config = join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      `DatabaseDirectory ${join(dir, 'db')}`,
      'TCPAddr 127.0.0.1',
      `TCPSocket ${port}`,
      `LocalSocket ${join(dir, 'clamd.sock')}`,
      'Foreground yes',
      `LogFile ${logFile}`,
      `LogClean ${options.logClean ? 'yes' : 'no'}`,
      `TemporaryDirectory ${dir}`,
      'MaxThreads 4',
      `StreamMaxLength ${options.streamMaxLength ?? 25 * 1024 * 1024}`,
      '',
    ].join('\n'),
  );
  const address = { kind: 'tcp' as const, host: '127.0.0.1', port };
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const hidden = options.hiddenDirs ?? [];
    child = hidden.length === 0
      ? spawn(binary, ['-c', config], { stdio: 'ignore' })
      : spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', `${hidden.map((_, i) => `mount -t tmpfs scanworks-hidden "$${i + 1}" && `).join('')}exec "$0" -c "$${hidden.length + 1}"`, binary, ...hidden, config], { stdio: 'ignore' });
    const started = child;
    const client = new ClamdClient(address, { timeoutMs: 5_000 });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (started.exitCode !== null) {
        const hint = hidden.length > 0 ? ' (hiding directories from it takes `unshare --mount`, which needs root)' : '';
        throw new Error(`clamd exited with ${started.exitCode} before it was ready${hint}; its log:\n${existsSync(logFile) ? readFileSync(logFile, 'utf8') : '(none)'}`);
      }
      if (await client.ping().then(() => true, () => false)) return;
      if (Date.now() > deadline) throw new Error(`clamd did not answer PING on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function kill(): Promise<void> {
    const running = child;
    child = null;
    if (!running) return;
    running.kill('SIGKILL');
    await exited(running);
  }

  await start();
  return {
    address,
    tcpAddr: `127.0.0.1:${port}`,
    socket: { kind: 'unix', path: join(dir, 'clamd.sock') },
    logFile,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter((l) => l !== '') : []),
    kill,
    restart: start,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
