import { randomUUID } from 'node:crypto';
import type { Queryable } from '../queryable';
import { affectedRows } from '../rows-of';

/** A run to add to a project, not started. */
export interface NewRun {
  pipeline_name: string;
  description: string;
  selected_groups: string[] | null;
}

/**
 * Adds a not_started run in the caller's transaction. One statement per run: `created_date`
 * (clock_timestamp()) orders a project's runs, so runs added together must not share it.
 */
export async function insertRun(tx: Queryable, projectUuid: string, run: NewRun): Promise<string> {
  const uuid = randomUUID();
  await tx.query(
    'INSERT INTO runs (uuid, project_uuid, pipeline_name, description, selected_groups) VALUES ($1, $2, $3, $4, $5::jsonb)',
    [uuid, projectUuid, run.pipeline_name, run.description, run.selected_groups === null ? null : JSON.stringify(run.selected_groups)],
  );
  return uuid;
}

/** Deletes a run that has not started (a queued run's message finds no row and is dropped); false when it started meanwhile. */
export async function deleteUnstartedRun(db: Queryable, uuid: string): Promise<boolean> {
  return affectedRows(await db.query('DELETE FROM runs WHERE uuid = $1 AND task_start_date IS NULL', [uuid])) > 0;
}
