import { DataSource } from 'typeorm';
import { EVENT_SCHEMA_VERSION, EVENTS, RunStartedEvent } from '@sca/contracts';
import { writeOutbox } from '../outbox/outbox-store';
import { rowsOf } from '../rows-of';

export interface ClaimedRun {
  uuid: string;
  project_uuid: string;
  pipeline_name: string;
  selected_groups: string[] | null;
  selected_steps: string[] | null;
  /** Attempts lost so far (0 on a first start); the current attempt is lost_attempts + 1. */
  lost_attempts: number;
  /** Null on a first start; otherwise why the previous attempt ended without the run. */
  resumed_from: { runner_id: string | null; handed_back: boolean } | null;
}

export interface ClaimLimits {
  runnerId: string;
  version: string;
  leaseSeconds: number;
  maxAttempts: number;
}

/**
 * Takes the run for this runner, in one guarded statement, when it is queued (a first start),
 * handed back by a runner that shut down (no attempt lost), or held by a runner whose lease
 * expired (an attempt lost, while attempts remain). Any other state finds no row: a run is never
 * executed by two runners at once, and a redelivered message for a live run is not a claim.
 * The run.started event is written in the claim's transaction (outbox).
 */
export async function claimRun(db: DataSource, runUuid: string, limits: ClaimLimits): Promise<ClaimedRun | null> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<ClaimedRun & { prev_started: boolean; prev_runner: string | null }>(
      await tx.query(
        `WITH prev AS (SELECT uuid, task_start_date IS NOT NULL AS prev_started, runner_id AS prev_runner FROM runs WHERE uuid = $1 FOR UPDATE)
         UPDATE runs r SET task_id = r.uuid, task_start_date = COALESCE(r.task_start_date, now()), heartbeat_at = now(), runner_id = $2,
           scancodeio_version = $3, task_exitcode = NULL, task_output = '', current_step = '', progress = NULL,
           lost_attempts = r.lost_attempts + CASE WHEN prev.prev_started AND prev.prev_runner IS NOT NULL THEN 1 ELSE 0 END
         FROM prev
         WHERE r.uuid = prev.uuid AND r.task_end_date IS NULL
           AND (r.task_start_date IS NULL
             OR r.runner_id IS NULL
             OR (r.heartbeat_at < now() - make_interval(secs => $4) AND r.lost_attempts + 1 < $5))
         RETURNING r.uuid, r.project_uuid, r.pipeline_name, r.selected_groups, r.selected_steps, r.lost_attempts, prev.prev_started, prev.prev_runner`,
        [runUuid, limits.runnerId, limits.version, limits.leaseSeconds, limits.maxAttempts],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    const { prev_started, prev_runner, ...run } = row;
    const started: RunStartedEvent = { schema_version: EVENT_SCHEMA_VERSION, run_uuid: run.uuid, project_uuid: run.project_uuid, runner_id: limits.runnerId };
    await writeOutbox(tx, [{ kind: 'event', name: EVENTS.runStarted, messageId: `${run.uuid}.started.${run.lost_attempts}`, payload: started }]);
    return { ...run, resumed_from: prev_started ? { runner_id: prev_runner, handed_back: prev_runner === null } : null };
  });
}

/** What a runner that could not claim a run needs to know to decide what to do with its message. */
export interface RunState {
  started: boolean;
  ended: boolean;
  runner_id: string | null;
  heartbeat_at: string | null;
  lease_expired: boolean;
  lost_attempts: number;
}

export async function readRunState(db: DataSource, runUuid: string, leaseSeconds: number): Promise<RunState | null> {
  const rows: RunState[] = await db.query(
    `SELECT task_start_date IS NOT NULL AS started, task_end_date IS NOT NULL AS ended, runner_id, heartbeat_at::text AS heartbeat_at,
       coalesce(heartbeat_at < now() - make_interval(secs => $2), false) AS lease_expired, lost_attempts
     FROM runs WHERE uuid = $1`,
    [runUuid, leaseSeconds],
  );
  return rows[0] ?? null;
}
