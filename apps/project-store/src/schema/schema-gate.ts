import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { pendingMigrations } from '@sca/persistence';

/** The database schema is older than this build: the migrations named have not been applied. */
export class SchemaBehindError extends Error {
  constructor(readonly pending: string[]) {
    super(`The database schema is behind this version: ${pending.length} migration(s) pending (${pending.join(', ')}). `
      + 'Apply them with `npm run migrate` (in Kubernetes: the scanworks-migrate Job), or set MIGRATE_AT_START=true.');
    this.name = 'SchemaBehindError';
  }
}

/** Refuses to go on (SchemaBehindError) while a migration of this build is not applied. */
export async function assertSchemaCurrent(db: DataSource): Promise<void> {
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new SchemaBehindError(pending);
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
  log?: (line: string) => void;
}

/**
 * Waits until every migration of this build is applied by someone else (the migration Job), the
 * database being unreachable counting as not yet: an init container runs this before a service
 * that must not start on an old schema. Throws the last reason when `timeoutMs` runs out.
 */
export async function waitForSchema(open: () => Promise<DataSource>, opts: WaitOptions): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let lastReason = '';
  for (;;) {
    let db: DataSource | null = null;
    try {
      db = await open();
      await assertSchemaCurrent(db);
      return;
    } catch (error) {
      const reason = error instanceof SchemaBehindError ? `waiting for ${error.pending.join(', ')}` : `database not reachable: ${(error as Error).message}`;
      if (reason !== lastReason) opts.log?.(reason);
      lastReason = reason;
      if (Date.now() >= deadline) throw error;
    } finally {
      await db?.destroy().catch(() => undefined);
    }
    await sleep(Math.min(opts.intervalMs ?? 2000, Math.max(0, deadline - Date.now())));
  }
}
