import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, freePort, PIPELINE_INPUTS, TEST_AMQP_URL, TestDatabase, uniqueTestName } from '@sca/testing';

const run = promisify(execFile);

/**
 * The Kubernetes manifests run every service with a read-only root filesystem and writable
 * emptyDirs at /tmp (and the runner's work directory): here the five services run in a mount
 * namespace where / is read-only and /tmp a fresh tmpfs, and a scan, its records and an XLSX
 * download go through. A write anywhere else fails the run or a service.
 */
describe('services on a read-only root filesystem', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('scan_codebase and an XLSX download succeed with only /tmp writable', async () => {
    if (process.getuid?.() !== 0) throw new Error('this test needs root (unshare and mount), as CI runs it');
    const [gateway, store, runner, reporting, webhooks, s3] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
    const env = {
      DATABASE_URL: db.url, AMQP_URL: TEST_AMQP_URL, AMQP_PREFIX: uniqueTestName('ro'), LOCAL_S3_PORT: String(s3), S3_BUCKET: 'readonly',
      PORT: String(gateway), HOST: '127.0.0.1', PROJECT_STORE_PORT: String(store), PROJECT_STORE_URL: `http://127.0.0.1:${store}`, RUNNER_PORT: String(runner),
      REPORTING_PORT: String(reporting), REPORTING_URL: `http://127.0.0.1:${reporting}`, WEBHOOK_DISPATCHER_PORT: String(webhooks), LOG_LEVEL: 'warn',
    };
    const script = join(__dirname, 'support', 'read-only-stack.js');
    const input = join(PIPELINE_INPUTS, 'is-npm-1.0.0.tgz');
    const shell = 'mount -o remount,bind,ro / && mount -t tmpfs -o size=1g tmpfs /tmp && if touch "$0.written" 2>/dev/null; then echo "root is writable" >&2; exit 3; fi && exec "$1" "$2" "$3" "$4"';
    const { stdout } = await run('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', shell, script, process.execPath, script, input, JSON.stringify(env)], { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect({ ...result, log: undefined }).toEqual({ status: 'success', log: undefined, resource_count: 6, xlsx: { status: 200, bytes: expect.any(Number) } });
    expect(result.xlsx.bytes).toBeGreaterThan(1000);
  }, 300_000);
});
