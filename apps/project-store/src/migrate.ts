import 'reflect-metadata';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@sca/config';
import { applyMigrations, connectDatabase, pendingMigrations } from '@sca/persistence';
import { ProjectStoreConfig } from './config/project-store.config';
import { waitForSchema } from './schema/schema-gate';

const USAGE = `usage: migrate [--check | --wait] [--timeout SECONDS]
  (no option)  apply the pending migrations (under an advisory lock) and exit
  --check      exit 0 when every migration of this version is applied, 1 naming those pending
  --wait       wait until they are all applied by another process (the migration Job)
  --timeout    how long an unreachable database is retried, or --wait waits (default 300)`;

/** `npm run migrate`; in Kubernetes the migration Job (apply) and the services' init containers (--wait). */
async function main(argv: string[]): Promise<number> {
  const mode = argv.includes('--check') ? 'check' : argv.includes('--wait') ? 'wait' : 'apply';
  const timeoutAt = argv.indexOf('--timeout');
  const timeoutSeconds = timeoutAt >= 0 ? Number(argv[timeoutAt + 1]) : 300;
  const known = new Set(['--check', '--wait', '--timeout']);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0 || argv.some((a, i) => !known.has(a) && !(timeoutAt >= 0 && i === timeoutAt + 1)) || (mode === 'check' && argv.includes('--wait'))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(ProjectStoreConfig);
  const timeoutMs = timeoutSeconds * 1000;
  if (mode === 'wait') {
    await waitForSchema(() => connectDatabase(config, 'migrate-wait'), { timeoutMs, log: (line) => console.log(line) });
    console.log('schema is current');
    return 0;
  }
  const db = await connectRetrying(() => connectDatabase(config, 'migrate'), timeoutMs);
  try {
    if (mode === 'apply') {
      const applied = await applyMigrations(db);
      console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'migrations applied (none pending)');
      return 0;
    }
    const pending = await pendingMigrations(db);
    console.log(pending.length ? `pending: ${pending.join(', ')}` : 'schema is current');
    return pending.length ? 1 : 0;
  } finally {
    await db.destroy();
  }
}

/** A Job may start before its database answers (a StatefulSet still starting): retry until the timeout. */
async function connectRetrying<T>(connect: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await connect();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      console.log(`database not reachable (${(error as Error).message}); retrying`);
      await sleep(2000);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
