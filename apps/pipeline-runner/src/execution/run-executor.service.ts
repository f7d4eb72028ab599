import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENTS, EXIT_CODE_FAILURE, EXIT_CODE_STOPPED, EXIT_CODE_SUCCESS, RunCompletedEvent, RunStartedEvent } from '@sca/contracts';
import { MessageBus } from '@sca/messaging';
import { PipelineRegistry, planSteps, RunStoppedError } from '@sca/pipelines';
import type { Policies } from '@sca/scanner';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { RunnerConfig } from '../config/runner.config';
import { SERVICE_POLICIES } from '../config/service-policies';
import { claimRun, endRun, refreshTableStatistics, updateProjectCounts } from './run-claim';
import { refreshComplianceAlerts } from './compliance-alerts';
import { RunPolicies } from './run-policies';
import { RunLog } from './run-log';
import { StopRegistry } from './stop-registry';
import { StepRunner } from './step-runner';
import { formatFailure } from './format-failure';

export const RUNNER_VERSION = Symbol('RUNNER_VERSION');

/** Executes one run from the work queue, end to end. */
@Injectable()
export class RunExecutor {
  private readonly logger = new Logger(RunExecutor.name);
  readonly runnerId = `${hostname()}:${process.pid}`;

  constructor(
    private readonly db: DataSource,
    private readonly bus: MessageBus,
    private readonly registry: PipelineRegistry,
    private readonly stops: StopRegistry,
    private readonly steps: StepRunner,
    private readonly config: RunnerConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(RUNNER_VERSION) private readonly version: string,
    @Inject(SERVICE_POLICIES) private readonly servicePolicies: Policies | null,
  ) {}

  /** `ack` is called once the run is durably running, so a long run holds no unacked message. */
  async execute(runUuid: string, ack: () => void): Promise<void> {
    const run = await claimRun(this.db, runUuid, this.runnerId, this.version);
    if (!run) {
      this.logger.log(`run ${runUuid} is not startable (already started, ended or deleted); message dropped`);
      return;
    }
    ack();
    const started: RunStartedEvent = { run_uuid: run.uuid, project_uuid: run.project_uuid, runner_id: this.runnerId };
    await this.bus.publishEvent(EVENTS.runStarted, started).catch((e: Error) => this.logger.warn(`run.started not published: ${e.message}`));
    const controller = this.stops.register(run.uuid);
    const log = new RunLog(this.db, run.uuid);
    const heartbeat = this.startHeartbeat(run.uuid, log, controller);
    let exitCode = EXIT_CODE_SUCCESS;
    let output = '';
    const startedAt = Date.now();
    const policies = new RunPolicies(this.servicePolicies);
    try {
      const pipeline = this.registry.get(run.pipeline_name);
      if (!pipeline) throw new Error(`Pipeline ${run.pipeline_name} is not available on this runner.`);
      log.add(`Pipeline [${run.pipeline_name}] starting`);
      const plan = planSteps(this.registry.stepsOf(pipeline), run.selected_groups, run.selected_steps);
      await this.steps.runAll(run, plan, log, controller.signal, heartbeat.setProgress, policies);
      log.add(`Pipeline completed in ${((Date.now() - startedAt) / 1000).toFixed(2)} seconds`);
    } catch (error) {
      if (error instanceof RunStoppedError || controller.signal.aborted) {
        exitCode = EXIT_CODE_STOPPED;
        log.add('Pipeline stopped');
      } else {
        exitCode = EXIT_CODE_FAILURE;
        output = formatFailure(error);
        log.add(`Pipeline failed: ${(error as Error).message ?? String(error)}`);
      }
    } finally {
      heartbeat.stop();
      this.stops.unregister(run.uuid);
    }
    await log.flush();
    await refreshTableStatistics(this.db).catch((e: Error) => this.logger.warn(`statistics refresh failed: ${e.message}`));
    await this.refreshCompliance(run.project_uuid, policies);
    await updateProjectCounts(this.db, run.project_uuid);
    const ended = await endRun(this.db, run.uuid, exitCode, output);
    if (ended) {
      const status = exitCode === EXIT_CODE_SUCCESS ? 'success' : exitCode === EXIT_CODE_STOPPED ? 'stopped' : 'failure';
      const event: RunCompletedEvent = { run_uuid: run.uuid, project_uuid: run.project_uuid, pipeline_name: run.pipeline_name, status, task_exitcode: exitCode };
      await this.bus.publishEvent(EVENTS.runCompleted, event);
    }
  }

  /** Whatever the run's outcome, its records get the alerts of the policies it resolved. */
  private async refreshCompliance(projectUuid: string, policies: RunPolicies): Promise<void> {
    const settled = policies.settled();
    if (!settled) return;
    try {
      await refreshComplianceAlerts(this.db, projectUuid, await settled);
    } catch (e) {
      this.logger.warn(`compliance alerts not refreshed for project ${projectUuid}: ${(e as Error).message}`);
    }
  }

  /**
   * Renews the lease and flushes progress and log every HEARTBEAT_SECONDS. A run ended from
   * outside (stopped through the API, or marked stale) is aborted here too, as a backstop to
   * the stop broadcast.
   */
  private startHeartbeat(runUuid: string, log: RunLog, controller: AbortController) {
    let progress: { step: string; done: number; total: number } | null = null;
    let busy = false;
    const beat = async () => {
      if (busy) return;
      busy = true;
      try {
        await log.flush();
        const rows: unknown = await this.db.query(
          `UPDATE runs SET heartbeat_at = now(), current_step = COALESCE($2, current_step), progress = $3
           WHERE uuid = $1 AND task_end_date IS NULL RETURNING uuid`,
          [runUuid, progress?.step ?? null, progress ? JSON.stringify({ done: progress.done, total: progress.total }) : null],
        );
        const updated = Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0].length : 1;
        if (updated === 0) controller.abort(new Error('Run ended from outside'));
      } catch (e) {
        this.logger.warn(`heartbeat for ${runUuid} failed: ${(e as Error).message}`);
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void beat(), this.config.HEARTBEAT_SECONDS * 1000);
    return {
      stop: () => clearInterval(timer),
      setProgress: (step: string, done: number, total: number, flushNow: boolean) => {
        progress = { step, done, total };
        if (flushNow) void beat();
      },
    };
  }
}
