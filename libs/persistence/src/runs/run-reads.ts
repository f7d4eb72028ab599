import { deriveRunStatus } from '@sca/contracts';
import type { Queryable } from '../queryable';
import { UUID_RE } from '../queries/sql-fragments';
import { RUN_ORDER, RUN_SELECT, RunRow } from './run-rows';

/** The run, or null when there is none (or `uuid` is no uuid at all). */
export async function findRun(db: Queryable, uuid: string): Promise<RunRow | null> {
  if (!UUID_RE.test(uuid)) return null;
  const rows: RunRow[] = await db.query(`SELECT ${RUN_SELECT} FROM runs r WHERE r.uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

/** A project's runs, oldest first. */
export function projectRuns(db: Queryable, projectUuid: string): Promise<RunRow[]> {
  return db.query(`SELECT ${RUN_SELECT} FROM runs r WHERE r.project_uuid = $1 ORDER BY ${RUN_ORDER}`, [projectUuid]);
}

/** Whether a run created before this one (same project) has not ended: it must end first. */
export async function hasUnendedEarlierRun(db: Queryable, run: Pick<RunRow, 'uuid' | 'project_uuid'>): Promise<boolean> {
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM runs WHERE project_uuid = $1 AND uuid <> $2 AND task_end_date IS NULL
       AND (created_date, uuid) < (SELECT created_date, uuid FROM runs WHERE uuid = $2) LIMIT 1`,
    [run.project_uuid, run.uuid],
  );
  return rows.length > 0;
}

/** Runs of the project, other than `runUuid`, that have not ended: not started, queued or running. */
export async function countUnendedRunsBesides(db: Queryable, projectUuid: string, runUuid: string): Promise<number> {
  const [{ left }]: { left: number }[] = await db.query(
    'SELECT count(*)::int AS left FROM runs WHERE project_uuid = $1 AND uuid <> $2 AND task_end_date IS NULL',
    [projectUuid, runUuid],
  );
  return left;
}

/** Whether a run of the project is queued or running (a project cannot be deleted, archived or reset then). */
export async function hasRunInProgress(db: Queryable, projectUuid: string): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM runs WHERE project_uuid = $1 AND task_id IS NOT NULL AND task_end_date IS NULL LIMIT 1', [projectUuid]);
  return rows.length > 0;
}

/** Whether any run of the project has started (inputs are refused from then on). */
export async function hasStartedRun(db: Queryable, projectUuid: string): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM runs WHERE project_uuid = $1 AND task_start_date IS NOT NULL LIMIT 1', [projectUuid]);
  return rows.length > 0;
}

/** The project's first runnable run: not_started, with every earlier run ended; null when there is none. */
export async function nextRunnableRun(db: Queryable, projectUuid: string): Promise<RunRow | null> {
  for (const run of await projectRuns(db, projectUuid)) {
    if (deriveRunStatus(run) === 'not_started') return run;
    if (run.task_end_date === null) return null;
  }
  return null;
}
