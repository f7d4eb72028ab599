import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EXIT_CODE_STALE, WORK } from '@sca/contracts';
import { MessageBus, OutboxRelay } from '@sca/messaging';
import { endRunWithEvent, longQueuedRuns, orphanedRunningRuns, redispatchRuns, staleCondition, staleRuns, SweepLimits } from '@sca/persistence';
import { ProjectStoreConfig } from '../config/project-store.config';

/**
 * Every STALE_CHECK_INTERVAL_SECONDS, finds runs that nothing will move any more:
 * - running runs whose runner stopped renewing its lease and whose attempts are used up end
 *   stale (exit code 88), as ScanCode.io marks them; those with attempts left are taken over by
 *   the next runner that gets their message;
 * - running runs nobody took over long after their lease expired, and queued runs waiting long
 *   while the work queue holds fewer messages than there are queued runs, get their run.execute
 *   message written again (a lost message: dead-lettered, purged, or a broker that lost it).
 */
@Injectable()
export class RunSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly db: DataSource, private readonly bus: MessageBus, private readonly relay: OutboxRelay, private readonly config: ProjectStoreConfig) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((e: Error) => this.logger.error(`run sweep failed: ${e.message}`));
    }, this.config.STALE_CHECK_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    const limits: SweepLimits = { leaseSeconds: this.config.RUN_LEASE_SECONDS, maxAttempts: this.config.RUN_MAX_ATTEMPTS, redispatchSeconds: this.config.RUN_REDISPATCH_SECONDS };
    let changed = 0;
    for (const uuid of await staleRuns(this.db, limits)) {
      const ended = await endRunWithEvent(this.db, uuid, {
        exitCode: EXIT_CODE_STALE,
        logLine: `Run marked stale: no heartbeat from its runner for ${limits.leaseSeconds} s, and RUN_MAX_ATTEMPTS=${limits.maxAttempts} attempt(s) are used up`,
        onlyIf: { sql: staleCondition('$5', '$6'), params: [limits.leaseSeconds, limits.maxAttempts] },
        siteUrl: this.config.SITE_URL,
      });
      if (ended) {
        this.logger.warn(`run ${uuid} marked stale`);
        changed++;
      }
    }
    const orphaned = await orphanedRunningRuns(this.db, limits);
    changed += await this.redispatch(orphaned, 'running, not taken over');
    const { candidates, queued } = await longQueuedRuns(this.db, limits);
    if (candidates.length > 0) {
      const ready = await this.bus.readyWork(WORK.runExecute);
      if (ready < queued) changed += await this.redispatch(candidates.slice(0, queued - ready), `queued, ${queued} run(s) for ${ready} message(s)`);
    }
    if (changed > 0) this.relay.kick();
  }

  private async redispatch(uuids: string[], why: string): Promise<number> {
    const n = await redispatchRuns(this.db, uuids);
    if (n > 0) this.logger.warn(`run.execute written again for ${n} run(s) (${why})`);
    return n;
  }
}
