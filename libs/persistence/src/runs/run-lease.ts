import { DataSource } from 'typeorm';
import { rowsOf } from '../rows-of';

/** The progress a heartbeat reports: `current_step` such as `1/3 get_inputs`, and `{done, total}`. */
export interface RunProgress {
  step: string;
  done: number;
  total: number;
}

/** Who holds the run after a heartbeat, and whether it ended; null when the run is gone. */
export interface LeaseState {
  runner_id: string | null;
  ended: boolean;
}

/**
 * A heartbeat: renews the lease and writes the progress only while `runnerId` holds the run;
 * either way it says who holds the run now and whether it ended, so the runner can stop.
 */
export async function renewRunLease(db: DataSource, runUuid: string, runnerId: string, progress: RunProgress | null): Promise<LeaseState | null> {
  const rows = rowsOf<LeaseState>(await db.query(
    `UPDATE runs SET heartbeat_at = CASE WHEN runner_id = $4 THEN now() ELSE heartbeat_at END,
       current_step = CASE WHEN runner_id = $4 THEN COALESCE($2, current_step) ELSE current_step END,
       progress = CASE WHEN runner_id = $4 THEN $3::jsonb ELSE progress END
     WHERE uuid = $1 RETURNING runner_id, task_end_date IS NOT NULL AS ended`,
    [runUuid, progress?.step ?? null, progress ? JSON.stringify({ done: progress.done, total: progress.total }) : null, runnerId],
  ));
  return rows[0] ?? null;
}

/**
 * Counts a lost attempt for a run this runner still holds (after a dependency outage) and renews
 * its lease, when attempts remain; returns the attempts lost so far, or null.
 */
export async function startNextAttempt(db: DataSource, runUuid: string, runnerId: string, maxAttempts: number): Promise<number | null> {
  const rows = rowsOf<{ lost_attempts: number }>(await db.query(
    `UPDATE runs SET lost_attempts = lost_attempts + 1, heartbeat_at = now()
     WHERE uuid = $1 AND runner_id = $2 AND task_end_date IS NULL AND lost_attempts + 1 < $3 RETURNING lost_attempts`,
    [runUuid, runnerId, maxAttempts],
  ));
  return rows[0]?.lost_attempts ?? null;
}

/** The run goes back to the queue without losing an attempt: another runner resumes it at once. */
export async function handBackRun(db: DataSource, runUuid: string, runnerId: string, logLine: string): Promise<boolean> {
  const rows = rowsOf(await db.query(
    `UPDATE runs SET runner_id = NULL, current_step = '', progress = NULL, log = log || $3
     WHERE uuid = $1 AND runner_id = $2 AND task_end_date IS NULL RETURNING uuid`,
    [runUuid, runnerId, logLine],
  ));
  return rows.length > 0;
}
