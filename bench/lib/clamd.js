// A clamd of the benchmark's own: Debian's clamav-daemon (scripts/test-tools.sh installs it) on a
// free loopback port, with the test signatures of libs/testing (EICAR .hdb, a body .ndb).
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ClamdClient } = require('../../dist/libs/scanner/src/clamav/clamd-client');
const { requireTs } = require('./require-ts');

const { writeTestSignatures } = requireTs(join(__dirname, '..', '..', 'libs', 'testing', 'src', 'clamav', 'test-signatures.ts'));

const freePort = () => new Promise((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});

function clamdBinary() {
  if (existsSync('/usr/sbin/clamd')) return '/usr/sbin/clamd';
  try {
    return execFileSync('sh', ['-c', 'command -v clamd'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('clamd is not installed: run scripts/test-tools.sh (Debian package clamav-daemon)');
  }
}

/** Starts clamd with `maxThreads` scanning threads; resolves once it answers PING. */
async function startBenchClamd({ maxThreads = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-clamd-'));
  const port = await freePort();
  writeTestSignatures(join(dir, 'db'));
  const config = join(dir, 'clamd.conf');
  writeFileSync(config, [
    `DatabaseDirectory ${join(dir, 'db')}`, 'TCPAddr 127.0.0.1', `TCPSocket ${port}`, 'Foreground yes', `LogFile ${join(dir, 'clamd.log')}`,
    `TemporaryDirectory ${dir}`, `MaxThreads ${maxThreads}`, '',
  ].join('\n'));
  const child = spawn(clamdBinary(), ['-c', config], { stdio: 'ignore' });
  const address = { kind: 'tcp', host: '127.0.0.1', port };
  const client = new ClamdClient(address, { timeoutMs: 5000 });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`clamd exited with ${child.exitCode}: ${readFileSync(join(dir, 'clamd.log'), 'utf8')}`);
    if (await client.ping().then(() => true, () => false)) break;
    if (Date.now() > deadline) throw new Error('clamd did not answer PING within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    address,
    tcpAddr: `127.0.0.1:${port}`,
    pid: child.pid,
    maxThreads,
    async stop() {
      child.kill('SIGKILL');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startBenchClamd };
