import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONTROL, deriveRunStatus, ERROR_CODES, EVENTS, EXIT_CODE_STOPPED, RunCompletedEvent, RunExecuteMessage, RunStopMessage, WORK } from '@sca/contracts';
import { DomainError, MessageBus } from '@sca/messaging';
import { rowsOf, RUN_SELECT, RunRow, UUID_RE } from '@sca/persistence';

export const RUN_NOT_FOUND = 'No Run matches the given query.';

/** Run control: queueing, start/stop/delete, and chaining the next run after a success. */
@Injectable()
export class RunsService {
  private readonly logger = new Logger(RunsService.name);

  constructor(private readonly db: DataSource, private readonly bus: MessageBus) {}

  async get(uuid: string): Promise<RunRow> {
    if (!UUID_RE.test(uuid)) throw new DomainError(ERROR_CODES.notFound, 'Not found.');
    const rows: RunRow[] = await this.db.query(`SELECT ${RUN_SELECT} FROM runs r WHERE r.uuid = $1`, [uuid]);
    if (!rows[0]) throw new DomainError(ERROR_CODES.notFound, RUN_NOT_FOUND);
    return rows[0];
  }

  /**
   * Marks a run queued and publishes it to the work queue. The SQL guard makes it a no-op for
   * a run that is no longer not_started, so a duplicate event cannot queue a run twice.
   */
  async queue(runUuid: string, projectUuid: string): Promise<boolean> {
    const rows = rowsOf(await this.db.query(
      `UPDATE runs SET task_id = uuid WHERE uuid = $1 AND task_id IS NULL AND task_start_date IS NULL AND task_end_date IS NULL RETURNING uuid`,
      [runUuid],
    ));
    if (rows.length === 0) return false;
    try {
      const msg: RunExecuteMessage = { run_uuid: runUuid, project_uuid: projectUuid };
      await this.bus.sendWork(WORK.runExecute, msg, { messageId: runUuid });
    } catch (error) {
      // Not published: put the run back to not_started so that it can be started again.
      await this.db.query('UPDATE runs SET task_id = NULL WHERE uuid = $1 AND task_start_date IS NULL', [runUuid]);
      throw error;
    }
    return true;
  }

  /** The project's first runnable run: not_started, with every earlier run ended. */
  async nextRunnable(projectUuid: string): Promise<RunRow | null> {
    const runs: RunRow[] = await this.db.query(`SELECT ${RUN_SELECT} FROM runs r WHERE r.project_uuid = $1 ORDER BY r.created_date, r.uuid`, [projectUuid]);
    for (const run of runs) {
      const status = deriveRunStatus(run);
      if (status === 'not_started') return run;
      if (run.task_end_date === null) return null;
    }
    return null;
  }

  async startNext(projectUuid: string): Promise<void> {
    const next = await this.nextRunnable(projectUuid);
    if (next) await this.queue(next.uuid, projectUuid);
  }

  async start(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    if (run.task_end_date) throw new DomainError(ERROR_CODES.refused, 'Pipeline already executed.');
    if (run.task_start_date) throw new DomainError(ERROR_CODES.refused, 'Pipeline already started.');
    if (run.task_id) throw new DomainError(ERROR_CODES.refused, 'Pipeline already queued.');
    const earlier: unknown[] = await this.db.query(
      `SELECT 1 FROM runs WHERE project_uuid = $1 AND uuid <> $2 AND task_end_date IS NULL
         AND (created_date, uuid) < (SELECT created_date, uuid FROM runs WHERE uuid = $2) LIMIT 1`,
      [run.project_uuid, uuid],
    );
    if (earlier.length > 0) throw new DomainError(ERROR_CODES.refused, 'Cannot execute this action until all previous pipeline runs are completed.');
    await this.queue(uuid, run.project_uuid);
    return `Pipeline ${run.pipeline_name} started.`;
  }

  /**
   * Ends the run as stopped at once and tells every runner; the one executing it aborts
   * between files. The runner's own end write is guarded and will not overwrite this.
   */
  async stop(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    if (deriveRunStatus(run) !== 'running') throw new DomainError(ERROR_CODES.refused, 'Pipeline is not running.');
    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 23);
    const ended = rowsOf(await this.db.query(
      `UPDATE runs SET task_exitcode = $2, task_end_date = now(), current_step = '', log = log || $3
       WHERE uuid = $1 AND task_end_date IS NULL RETURNING uuid`,
      [uuid, EXIT_CODE_STOPPED, `${stamp} Stop task requested\n`],
    ));
    const stopMsg: RunStopMessage = { run_uuid: uuid };
    await this.bus.broadcast(CONTROL.runStop, stopMsg);
    if (ended.length > 0) {
      const event: RunCompletedEvent = { run_uuid: uuid, project_uuid: run.project_uuid, pipeline_name: run.pipeline_name, status: 'stopped', task_exitcode: EXIT_CODE_STOPPED };
      await this.bus.publishEvent(EVENTS.runCompleted, event);
    }
    return `Pipeline ${run.pipeline_name} stopped.`;
  }

  async remove(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    const status = deriveRunStatus(run);
    if (status !== 'not_started' && status !== 'queued') throw new DomainError(ERROR_CODES.refused, 'Only non started or queued pipelines can be deleted.');
    // A queued run's message stays in the queue; the runner finds no row and drops it.
    await this.db.query('DELETE FROM runs WHERE uuid = $1 AND task_start_date IS NULL', [uuid]);
    return `Pipeline ${run.pipeline_name} deleted.`;
  }

  /** After a success the next not_started run starts; after anything else the chain stops. */
  async onRunCompleted(event: RunCompletedEvent): Promise<void> {
    if (event.status !== 'success') return;
    await this.startNext(event.project_uuid);
  }

  /** Marks running runs whose heartbeat lease expired as stale (exit code 88). */
  async reapStale(leaseSeconds: number): Promise<number> {
    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 23);
    const rows = rowsOf<{ uuid: string; project_uuid: string; pipeline_name: string }>(await this.db.query(
      `UPDATE runs SET task_exitcode = 88, task_end_date = now(), current_step = '',
         log = log || $2
       WHERE task_start_date IS NOT NULL AND task_end_date IS NULL
         AND coalesce(heartbeat_at, task_start_date) < now() - make_interval(secs => $1)
       RETURNING uuid, project_uuid, pipeline_name`,
      [leaseSeconds, `${stamp} Run marked stale: no heartbeat from its runner for ${leaseSeconds} s\n`],
    ));
    for (const r of rows) {
      this.logger.warn(`Run ${r.uuid} marked stale`);
      const event: RunCompletedEvent = { run_uuid: r.uuid, project_uuid: r.project_uuid, pipeline_name: r.pipeline_name, status: 'stale', task_exitcode: 88 };
      await this.bus.publishEvent(EVENTS.runCompleted, event);
    }
    return rows.length;
  }
}
