import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXIT_CODE_FAILURE } from '@sca/contracts';
import { ClaimedRun, ClaimLimits, endRunWithEvent, pingDatabase, startNextAttempt, whileHeldBy } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { RunnerConfig } from '../config/runner.config';

/**
 * A run interrupted by a dependency outage (PostgreSQL restarted, object storage away) waits
 * here until both answer again, then resumes on this runner as a new attempt, if it still
 * holds the run and attempts remain; otherwise it fails saying why.
 */
@Injectable()
export class DependencyWaiter {
  private readonly logger = new Logger(DependencyWaiter.name);

  constructor(private readonly db: DataSource, private readonly config: RunnerConfig, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async resumeAfterOutage(run: ClaimedRun, reason: string, limits: ClaimLimits): Promise<ClaimedRun | null> {
    this.logger.warn(`run ${run.uuid} interrupted (${reason}); waiting for its dependencies`);
    if (!(await this.waitUntilAvailable(this.config.RUN_DEPENDENCY_WAIT_SECONDS * 1000))) {
      this.logger.error(`run ${run.uuid}: dependencies still unavailable after ${this.config.RUN_DEPENDENCY_WAIT_SECONDS} s; leaving it to the lease`);
      return null;
    }
    const lostAttempts = await startNextAttempt(this.db, run.uuid, limits.runnerId, limits.maxAttempts);
    if (lostAttempts !== null) return { ...run, lost_attempts: lostAttempts, resumed_from: { runner_id: limits.runnerId, handed_back: false } };
    await endRunWithEvent(this.db, run.uuid, {
      exitCode: EXIT_CODE_FAILURE,
      output: `Pipeline failed: ${reason}`,
      logLine: `Pipeline failed: ${reason} (RUN_MAX_ATTEMPTS=${limits.maxAttempts} reached)`,
      onlyIf: whileHeldBy(limits.runnerId),
      siteUrl: this.config.SITE_URL,
    });
    return null;
  }

  /** Polls PostgreSQL and the bucket until both answer, or the time is up. */
  private async waitUntilAvailable(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 5000)) {
      try {
        await pingDatabase(this.db);
        await this.storage.ensureBucket();
        return true;
      } catch {
        await sleep(delay);
      }
    }
    return false;
  }
}
