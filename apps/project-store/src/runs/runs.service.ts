import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONTROL, deriveRunStatus, ERROR_CODES, EXIT_CODE_STOPPED, RunCompletedEvent, RunStopMessage } from '@sca/contracts';
import { DomainError, MessageBus, OutboxRelay } from '@sca/messaging';
import { ProjectStoreConfig } from '../config/project-store.config';
import { deleteUnstartedRun, dispatchNewRun, endRunWithEvent, findRun, hasUnendedEarlierRun, nextRunnableRun, RunRow, UUID_RE } from '@sca/persistence';

export const RUN_NOT_FOUND = 'No Run matches the given query.';

/** Run control: queueing, start/stop/delete, and chaining the next run after a success. */
@Injectable()
export class RunsService {
  constructor(private readonly db: DataSource, private readonly bus: MessageBus, private readonly relay: OutboxRelay, private readonly config: ProjectStoreConfig) {}

  async get(uuid: string): Promise<RunRow> {
    if (!UUID_RE.test(uuid)) throw new DomainError(ERROR_CODES.notFound, 'Not found.');
    const run = await findRun(this.db, uuid);
    if (!run) throw new DomainError(ERROR_CODES.notFound, RUN_NOT_FOUND);
    return run;
  }

  /**
   * Queues a not_started run: `task_id` and its run.execute message in one transaction (the
   * outbox relays it). A run no longer not_started is left alone, so a repeated event cannot
   * queue a run twice.
   */
  async queue(runUuid: string): Promise<boolean> {
    const queued = await dispatchNewRun(this.db, runUuid);
    if (queued) this.relay.kick();
    return queued;
  }

  async startNext(projectUuid: string): Promise<void> {
    const next = await nextRunnableRun(this.db, projectUuid);
    if (next) await this.queue(next.uuid);
  }

  async start(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    if (run.task_end_date) throw new DomainError(ERROR_CODES.refused, 'Pipeline already executed.');
    if (run.task_start_date) throw new DomainError(ERROR_CODES.refused, 'Pipeline already started.');
    if (run.task_id) throw new DomainError(ERROR_CODES.refused, 'Pipeline already queued.');
    if (await hasUnendedEarlierRun(this.db, run)) throw new DomainError(ERROR_CODES.refused, 'Cannot execute this action until all previous pipeline runs are completed.');
    await this.queue(uuid);
    return `Pipeline ${run.pipeline_name} started.`;
  }

  /**
   * Ends the run as stopped at once and tells every runner; the one executing it aborts
   * between files. The runner's own end write is guarded and will not overwrite this.
   */
  async stop(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    if (deriveRunStatus(run) !== 'running') throw new DomainError(ERROR_CODES.refused, 'Pipeline is not running.');
    const ended = await endRunWithEvent(this.db, uuid, { exitCode: EXIT_CODE_STOPPED, logLine: 'Stop task requested', siteUrl: this.config.SITE_URL });
    const stopMsg: RunStopMessage = { run_uuid: uuid };
    await this.bus.broadcast(CONTROL.runStop, stopMsg);
    if (ended) this.relay.kick();
    return `Pipeline ${run.pipeline_name} stopped.`;
  }

  async remove(uuid: string): Promise<string> {
    const run = await this.get(uuid);
    const status = deriveRunStatus(run);
    if (status !== 'not_started' && status !== 'queued') throw new DomainError(ERROR_CODES.refused, 'Only non started or queued pipelines can be deleted.');
    // A queued run's message stays in the queue; the runner finds no row and drops it.
    await deleteUnstartedRun(this.db, uuid);
    return `Pipeline ${run.pipeline_name} deleted.`;
  }

  /** After a success the next not_started run starts; after anything else the chain stops. */
  async onRunCompleted(event: RunCompletedEvent): Promise<void> {
    if (event.status !== 'success') return;
    await this.startNext(event.project_uuid);
  }
}
