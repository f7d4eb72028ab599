import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXIT_CODE_FAILURE, EXIT_CODE_STOPPED, EXIT_CODE_SUCCESS } from '@sca/contracts';
import { OutboxRelay, RequeueError } from '@sca/messaging';
import {
  ClaimedRun, ClaimLimits, endRunWithEvent, handBackRun, logStamp, refreshTableStatistics, removeAttemptRecords, RunLog, whileHeldBy,
} from '@sca/persistence';
import { formatFailure, PipelineRegistry, planSteps, RunPolicies, settleRunRecords } from '@sca/pipelines';
import type { Policies } from '@sca/scanner';
import { RunnerConfig } from '../config/runner.config';
import { SERVICE_POLICIES } from '../config/service-policies';
import { HandBack, LeaseLost } from './abort-reasons';
import { startHeartbeat } from './run-heartbeat';
import { RunSlots } from './run-slots';
import { takeRun } from './run-takeover';
import { StopRegistry } from './stop-registry';
import { StepRunner } from './step-runner';
import { isTransientError } from './transient-error';
import { RunnerMetrics } from './runner-metrics';
import { DependencyWaiter } from './dependency-waiter';

export const RUNNER_VERSION = Symbol('RUNNER_VERSION');

/** How one attempt ended: the run ended here, went back to the queue, left this runner, or hit an outage. */
type AttemptOutcome = { kind: 'ended' | 'handed-back' | 'lost' } | { kind: 'outage'; error: unknown };

/**
 * Executes runs from the work queue, at most RUNNER_CONCURRENCY at once. The queue message of a
 * run is acknowledged when the run is over, so the work queue (ready + unacknowledged) counts
 * queued and running runs. A run is claimed, or taken over from a dead runner, through the
 * lease (run-takeover.ts); a run cut off from a dependency resumes here once it is back.
 */
@Injectable()
export class RunExecutor {
  private readonly logger = new Logger(RunExecutor.name);
  readonly runnerId = `${hostname()}:${process.pid}`;
  private readonly slots: RunSlots;
  private readonly local = new Map<string, Promise<void>>();
  private readonly shutdown = new AbortController();

  constructor(
    private readonly db: DataSource,
    private readonly registry: PipelineRegistry,
    private readonly stops: StopRegistry,
    private readonly steps: StepRunner,
    private readonly config: RunnerConfig,
    private readonly relay: OutboxRelay,
    private readonly metrics: RunnerMetrics,
    private readonly dependencies: DependencyWaiter,
    @Inject(RUNNER_VERSION) private readonly version: string,
    @Inject(SERVICE_POLICIES) private readonly servicePolicies: Policies | null,
  ) {
    this.slots = new RunSlots(config.RUNNER_CONCURRENCY);
    metrics.trackRunning(() => this.slots.running);
  }

  /** Resolves when the message can be acknowledged; throws RequeueError to put it back on the queue. */
  async execute(runUuid: string): Promise<void> {
    if (this.shutdown.signal.aborted) throw new RequeueError('runner shutting down', 0);
    const own = this.local.get(runUuid);
    // A redelivery (after a reconnect) of a run this process executes: settled with the run.
    if (own) return own;
    await this.slots.acquire();
    try {
      const run = await takeRun(this.db, runUuid, this.limits(), { pollMs: Math.max(250, (this.config.HEARTBEAT_SECONDS * 1000) / 2), signal: this.shutdown.signal, siteUrl: this.config.SITE_URL });
      if (!run) {
        // Interrupted while watching another runner's lease: the message stays for the next runner.
        if (this.shutdown.signal.aborted) throw new RequeueError('runner shutting down', 0);
        return;
      }
      this.relay.kick();
      const done = this.runAttempts(run);
      this.local.set(runUuid, done.then(() => undefined, () => undefined));
      if ((await done) === 'handed-back') throw new RequeueError('run handed back at shutdown', 0);
    } finally {
      this.local.delete(runUuid);
      this.slots.release();
    }
  }

  /** Stops taking runs; those still running after the grace period are handed back. */
  async drain(graceMs: number): Promise<void> {
    this.shutdown.abort();
    const running = [...this.local.values()];
    if (running.length === 0) return;
    this.logger.log(`shutting down: ${running.length} run(s) get ${graceMs / 1000} s to finish`);
    const timer = setTimeout(() => this.stops.abortAll(new HandBack()), graceMs);
    await Promise.allSettled(running);
    clearTimeout(timer);
  }

  private limits(): ClaimLimits {
    return { runnerId: this.runnerId, version: this.version, leaseSeconds: this.config.RUN_LEASE_SECONDS, maxAttempts: this.config.RUN_MAX_ATTEMPTS };
  }

  private async runAttempts(first: ClaimedRun): Promise<AttemptOutcome['kind']> {
    let run: ClaimedRun | null = first;
    let resumeNote = first.resumed_from ? resumeReason(first) : null;
    for (;;) {
      const outcome = await this.attempt(run, resumeNote);
      if (outcome.kind !== 'outage') return outcome.kind;
      const reason = (outcome.error as Error)?.message ?? String(outcome.error);
      run = await this.dependencies.resumeAfterOutage(run, reason, this.limits());
      if (!run) return 'lost';
      resumeNote = `after a dependency outage (${reason})`;
    }
  }

  private async attempt(run: ClaimedRun, resumeNote: string | null): Promise<AttemptOutcome> {
    const controller = this.stops.register(run.uuid);
    const log = new RunLog(this.db, run.uuid);
    const heartbeat = startHeartbeat(this.db, log, controller, { runUuid: run.uuid, runnerId: this.runnerId, periodSeconds: this.config.HEARTBEAT_SECONDS, leaseSeconds: this.config.RUN_LEASE_SECONDS }, this.logger);
    const policies = new RunPolicies(this.servicePolicies);
    const startedAt = Date.now();
    let exitCode = EXIT_CODE_SUCCESS;
    let output = '';
    try {
      if (resumeNote) {
        const removed = await removeAttemptRecords(this.db, run.project_uuid, run.uuid);
        log.add(`Run resumed (attempt ${run.lost_attempts + 1} of ${this.config.RUN_MAX_ATTEMPTS}) ${resumeNote}; ${removed} record(s) of the lost attempt removed`);
      }
      const pipeline = this.registry.get(run.pipeline_name);
      if (!pipeline) throw new Error(`Pipeline ${run.pipeline_name} is not available on this runner.`);
      log.add(`Pipeline [${run.pipeline_name}] starting`);
      const plan = planSteps(this.registry.stepsOf(pipeline), run.selected_groups, run.selected_steps);
      await this.steps.runAll(run, plan, log, controller.signal, heartbeat.setProgress, policies);
      log.add(`Pipeline completed in ${((Date.now() - startedAt) / 1000).toFixed(2)} seconds`);
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof HandBack || reason instanceof LeaseLost) {
        heartbeat.stop();
        this.stops.unregister(run.uuid);
        return this.leave(run, log, reason);
      }
      if (!controller.signal.aborted && isTransientError(error)) {
        heartbeat.stop();
        this.stops.unregister(run.uuid);
        // The dependency is away, so the log could not be written now: the resumed attempt says why.
        await log.flush().catch(() => undefined);
        return { kind: 'outage', error };
      }
      if (controller.signal.aborted) {
        exitCode = EXIT_CODE_STOPPED;
        log.add('Pipeline stopped');
      } else {
        exitCode = EXIT_CODE_FAILURE;
        output = formatFailure(error);
        log.add(`Pipeline failed: ${(error as Error).message ?? String(error)}`);
      }
    }
    heartbeat.stop();
    this.stops.unregister(run.uuid);
    await this.finish(run, log, policies, exitCode, output);
    return { kind: 'ended' };
  }

  /** The attempt ends without ending the run: handed back at shutdown, or its lease is gone. */
  private async leave(run: ClaimedRun, log: RunLog, reason: HandBack | LeaseLost): Promise<AttemptOutcome> {
    if (reason instanceof HandBack) {
      await log.flush().catch(() => undefined);
      await handBackRun(this.db, run.uuid, this.runnerId, `${logStamp()} Run handed back to the queue: runner ${this.runnerId} is shutting down\n`);
      this.metrics.finished('handed_back');
      return { kind: 'handed-back' };
    }
    this.logger.warn(`run ${run.uuid} left: ${reason.message}`);
    this.metrics.finished('lost');
    return { kind: 'lost' };
  }

  private async finish(run: ClaimedRun, log: RunLog, policies: RunPolicies, exitCode: number, output: string): Promise<void> {
    await log.flush();
    await refreshTableStatistics(this.db).catch((e: Error) => this.logger.warn(`statistics refresh failed: ${e.message}`));
    // Whatever the run's outcome, its records get the alerts of the policies it resolved.
    await settleRunRecords(this.db, run.project_uuid, policies, (e) => this.logger.warn(`compliance alerts not refreshed for project ${run.project_uuid}: ${e.message}`));
    const event = await endRunWithEvent(this.db, run.uuid, { exitCode, output, onlyIf: whileHeldBy(this.runnerId), siteUrl: this.config.SITE_URL });
    if (event) {
      this.metrics.finished(event.status);
      this.relay.kick();
    }
  }
}

function resumeReason(run: ClaimedRun): string {
  const from = run.resumed_from;
  if (!from) return '';
  return from.handed_back ? 'after its runner handed it back at shutdown' : `after runner ${from.runner_id} stopped renewing its lease`;
}
