import { DataSource } from 'typeorm';
import { rowsOf } from '@sca/persistence';

export interface ClaimedRun {
  uuid: string;
  project_uuid: string;
  pipeline_name: string;
  selected_groups: string[] | null;
  selected_steps: string[] | null;
}

/**
 * Marks the run running for this runner, only if nobody started or ended it before: a
 * redelivered message, a deleted run or a run stopped while queued all find no row here,
 * so a run is never executed twice.
 */
export async function claimRun(db: DataSource, runUuid: string, runnerId: string, version: string): Promise<ClaimedRun | null> {
  const rows = rowsOf<ClaimedRun>(
    await db.query(
      `UPDATE runs SET task_id = uuid, task_start_date = now(), heartbeat_at = now(), runner_id = $2,
         scancodeio_version = $3, task_exitcode = NULL, task_output = '', current_step = '', progress = NULL
       WHERE uuid = $1 AND task_start_date IS NULL AND task_end_date IS NULL
       RETURNING uuid, project_uuid, pipeline_name, selected_groups, selected_steps`,
      [runUuid, runnerId, version],
    ),
  );
  return rows[0] ?? null;
}

/** Writes the run's end, unless it already ended (stopped by the API, or marked stale). */
export async function endRun(db: DataSource, runUuid: string, exitCode: number, output: string): Promise<boolean> {
  const rows = rowsOf(
    await db.query(
      `UPDATE runs SET task_end_date = now(), task_exitcode = $2, task_output = $3, current_step = '', heartbeat_at = now()
       WHERE uuid = $1 AND task_end_date IS NULL RETURNING uuid`,
      [runUuid, exitCode, output],
    ),
  );
  return rows.length > 0;
}

/**
 * After bulk writes the planner has no statistics for the new rows (it then picks nested
 * loops over whole tables), and index-only scans need a fresh visibility map: both come from
 * VACUUM ANALYZE, which autovacuum would run only much later.
 */
export async function refreshTableStatistics(db: DataSource): Promise<void> {
  for (const table of ['codebase_resources', 'discovered_packages', 'resource_packages', 'discovered_dependencies', 'codebase_relations']) {
    await db.query(`VACUUM (ANALYZE, SKIP_LOCKED) ${table}`);
  }
}

/** Refreshes the denormalized counts of the project detail (ScanCode.io's update_counts). */
export async function updateProjectCounts(db: DataSource, projectUuid: string): Promise<void> {
  await db.query(
    `UPDATE projects SET
       resource_count = (SELECT count(*) FROM codebase_resources WHERE project_uuid = $1),
       package_count = (SELECT count(*) FROM discovered_packages WHERE project_uuid = $1),
       dependency_count = (SELECT count(*) FROM discovered_dependencies WHERE project_uuid = $1),
       message_count = (SELECT count(*) FROM project_messages WHERE project_uuid = $1),
       relation_count = (SELECT count(*) FROM codebase_relations WHERE project_uuid = $1)
     WHERE uuid = $1`,
    [projectUuid],
  );
}
