import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ALL_MIGRATIONS, applyMigrations, connectDatabase, pendingMigrations } from '@sca/persistence';
import { createTestDatabase, TestDatabase } from '@sca/testing';
import { assertSchemaCurrent, SchemaBehindError, waitForSchema } from './schema-gate';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../../..');
const ALL_NAMES = ALL_MIGRATIONS.map((m) => new m().name);

/** A built entry point of project-store, run as the Kubernetes Job or init container runs it. */
async function node(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'dist/apps/project-store/src', script), ...args], { env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('schema gate (migrations applied by a separate step)', () => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await db.drop();
  });

  it('names every migration pending on an empty database, none once applied', async () => {
    const ds = await connectDatabase({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 }, 'test');
    try {
      expect(await pendingMigrations(ds)).toEqual(ALL_NAMES);
      await expect(assertSchemaCurrent(ds)).rejects.toThrow(SchemaBehindError);
      await expect(assertSchemaCurrent(ds)).rejects.toThrow(ALL_NAMES[ALL_NAMES.length - 1]);
      await applyMigrations(ds);
      expect(await pendingMigrations(ds)).toEqual([]);
      await assertSchemaCurrent(ds);
    } finally {
      await ds.destroy();
    }
  });

  it('waits until another process has applied them, and gives up after its timeout', async () => {
    const open = () => connectDatabase({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 1 }, 'test');
    const lines: string[] = [];
    await expect(waitForSchema(open, { timeoutMs: 300, intervalMs: 100, log: (l) => lines.push(l) })).rejects.toThrow(SchemaBehindError);
    expect(lines[0]).toMatch(/^waiting for /);
    const waiting = waitForSchema(open, { timeoutMs: 30_000, intervalMs: 100 });
    const migrator = await connectDatabase({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: 2 }, 'test');
    await applyMigrations(migrator);
    await migrator.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('the migrate command checks, waits and applies; project-store refuses an old schema when it does not migrate', async () => {
    const env = { DATABASE_URL: db.url, LOG_LEVEL: 'error' };
    expect(await node('migrate.js', ['--check', '--timeout', '5'], env)).toMatchObject({ code: 1, out: expect.stringContaining(`pending: ${ALL_NAMES.join(', ')}`) });
    expect((await node('migrate.js', ['--wait', '--timeout', '1'], env)).code).toBe(1);
    expect((await node('migrate.js', ['--bogus'], env)).code).toBe(2);
    const store = await node('main.js', [], { ...env, MIGRATE_AT_START: 'false', AMQP_URL: 'amqp://127.0.0.1:1' });
    expect(store.code).toBe(1);
    expect(store.out).toContain('The database schema is behind this version');
    expect(await node('migrate.js', [], env)).toMatchObject({ code: 0, out: expect.stringContaining('migrations applied') });
    expect(await node('migrate.js', ['--check'], env)).toMatchObject({ code: 0, out: expect.stringContaining('schema is current') });
    expect(await node('migrate.js', ['--wait', '--timeout', '5'], env)).toMatchObject({ code: 0 });
  }, 300_000); // seven Node processes, each a few seconds on a loaded machine
});
