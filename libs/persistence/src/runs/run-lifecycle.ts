import { DataSource } from 'typeorm';
import { EVENTS, RunCompletedEvent, RunExecuteMessage, WORK } from '@sca/contracts';
import type { OutboxEntry } from '@sca/messaging';
import { writeOutbox } from '../outbox/outbox-store';
import { rowsOf } from '../rows-of';
import { EndedRunRow, runCompletedEvent } from './run-completed-event';

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC, ScanCode.io's run-log timestamp. */
export function logStamp(date = new Date()): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}

/** run.completed has one message id per run, however often it is relayed: consumers can drop a repeat. */
export function runCompletedMessageId(runUuid: string): string {
  return `${runUuid}.completed`;
}

export interface RunEnd {
  exitCode: number;
  output?: string;
  /** Appended to the run log, with its timestamp. */
  logLine?: string;
  /** Extra SQL condition on `runs` (alias-free), e.g. that this runner still holds the run. */
  onlyIf?: { sql: string; params: unknown[] };
  /** SITE_URL of the service ending the run: the event's `results_url` is absolute under it (a path without). */
  siteUrl: string | undefined;
}

/**
 * Ends a run that has not ended yet and writes its run.completed event in the same
 * transaction (the outbox relays it): the end and the event exist together or not at all.
 * Returns the event, or null when the run had already ended (or `onlyIf` did not hold).
 */
export async function endRunWithEvent(db: DataSource, runUuid: string, end: RunEnd): Promise<RunCompletedEvent | null> {
  return db.transaction(async (tx) => {
    const extra = end.onlyIf ? ` AND (${end.onlyIf.sql})` : '';
    const rows = rowsOf<EndedRunRow>(await tx.query(
      `UPDATE runs SET task_end_date = now(), task_exitcode = $2, task_output = $3, current_step = '', heartbeat_at = now(),
         log = log || $4
       WHERE uuid = $1 AND task_end_date IS NULL${extra} RETURNING uuid, project_uuid, pipeline_name, task_start_date, task_end_date, task_exitcode`,
      [runUuid, end.exitCode, end.output ?? '', end.logLine ? `${logStamp()} ${end.logLine}\n` : '', ...(end.onlyIf?.params ?? [])],
    ));
    if (!rows[0]) return null;
    const event = await runCompletedEvent(tx, rows[0], end.siteUrl);
    await writeOutbox(tx, [{ kind: 'event', name: EVENTS.runCompleted, messageId: runCompletedMessageId(runUuid), payload: event }]);
    return event;
  });
}

/** The run.execute message of a run, as the outbox holds it. */
export function runExecuteEntry(runUuid: string, projectUuid: string): OutboxEntry {
  const payload: RunExecuteMessage = { run_uuid: runUuid, project_uuid: projectUuid };
  return { kind: 'work', name: WORK.runExecute, messageId: runUuid, payload };
}

/**
 * Queues a not_started run: sets `task_id` and writes its run.execute message in one
 * transaction. A run that is no longer not_started is left alone (false), so a repeated
 * run.completed cannot queue the next run twice.
 */
export async function dispatchNewRun(db: DataSource, runUuid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ project_uuid: string }>(await tx.query(
      `UPDATE runs SET task_id = uuid, dispatched_at = now()
       WHERE uuid = $1 AND task_id IS NULL AND task_start_date IS NULL AND task_end_date IS NULL RETURNING project_uuid`,
      [runUuid],
    ));
    if (!rows[0]) return false;
    await writeOutbox(tx, [runExecuteEntry(runUuid, rows[0].project_uuid)]);
    return true;
  });
}

/** Writes run.execute again for runs whose message may be lost (see the run sweeper); returns how many. */
export async function redispatchRuns(db: DataSource, runUuids: string[]): Promise<number> {
  if (runUuids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ uuid: string; project_uuid: string }>(await tx.query(
      `UPDATE runs SET dispatched_at = now() WHERE uuid = ANY($1::uuid[]) AND task_id IS NOT NULL AND task_end_date IS NULL RETURNING uuid, project_uuid`,
      [runUuids],
    ));
    await writeOutbox(tx, rows.map((r) => runExecuteEntry(r.uuid, r.project_uuid)));
    return rows.length;
  });
}
