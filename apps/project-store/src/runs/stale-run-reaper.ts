import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProjectStoreConfig } from '../config/project-store.config';
import { RunsService } from './runs.service';

/** Periodically marks runs whose runner stopped sending heartbeats as stale. */
@Injectable()
export class StaleRunReaper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StaleRunReaper.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly runs: RunsService, private readonly config: ProjectStoreConfig) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.runs.reapStale(this.config.RUN_LEASE_SECONDS).catch((e: Error) => this.logger.error(`stale check failed: ${e.message}`));
    }, this.config.STALE_CHECK_INTERVAL_SECONDS * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
