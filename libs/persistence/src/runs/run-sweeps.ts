import { DataSource } from 'typeorm';

export interface SweepLimits {
  leaseSeconds: number;
  maxAttempts: number;
  redispatchSeconds: number;
}

const RUNNING = 'task_start_date IS NOT NULL AND task_end_date IS NULL';
const QUEUED = 'task_id IS NOT NULL AND task_start_date IS NULL AND task_end_date IS NULL';

/** A run whose runner stopped renewing its lease and whose attempts are used up, with the placeholders of lease and max attempts. */
export function staleCondition(lease: string, maxAttempts: string): string {
  return `${RUNNING} AND runner_id IS NOT NULL AND heartbeat_at < now() - make_interval(secs => ${lease}) AND lost_attempts + 1 >= ${maxAttempts}`;
}

/** Runs to end stale: no runner holds them any more and no attempt is left. */
export async function staleRuns(db: DataSource, limits: SweepLimits): Promise<string[]> {
  const rows: { uuid: string }[] = await db.query(`SELECT uuid FROM runs WHERE ${staleCondition('$1', '$2')}`, [limits.leaseSeconds, limits.maxAttempts]);
  return rows.map((r) => r.uuid);
}

/**
 * Running runs nobody took over long after their lease expired (or their hand-back), whose
 * message was written long ago: the message is presumed lost and written again.
 */
export async function orphanedRunningRuns(db: DataSource, limits: SweepLimits): Promise<string[]> {
  const rows: { uuid: string }[] = await db.query(
    `SELECT uuid FROM runs WHERE ${RUNNING} AND lost_attempts + 1 < $3
       AND (runner_id IS NULL OR heartbeat_at < now() - make_interval(secs => $1))
       AND coalesce(heartbeat_at, task_start_date) < now() - make_interval(secs => $1 + $2)
       AND coalesce(dispatched_at, task_start_date) < now() - make_interval(secs => $2)`,
    [limits.leaseSeconds, limits.redispatchSeconds, limits.maxAttempts],
  );
  return rows.map((r) => r.uuid);
}

/** Queued runs (oldest dispatch first) whose message was written more than redispatchSeconds ago, and how many runs are queued. */
export async function longQueuedRuns(db: DataSource, limits: SweepLimits): Promise<{ candidates: string[]; queued: number }> {
  const rows: { uuid: string; old: boolean; queued: string }[] = await db.query(
    `SELECT uuid, coalesce(dispatched_at, created_date) < now() - make_interval(secs => $1) AS old, count(*) OVER () AS queued
     FROM runs WHERE ${QUEUED} ORDER BY dispatched_at NULLS FIRST`,
    [limits.redispatchSeconds],
  );
  return { candidates: rows.filter((r) => r.old).map((r) => r.uuid), queued: Number(rows[0]?.queued ?? 0) };
}
