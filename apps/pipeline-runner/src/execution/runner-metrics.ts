import { Injectable } from '@nestjs/common';
import { Counter, Gauge, register } from 'prom-client';

/** The runner's run metrics on /metrics: how many run now, how many ended, by outcome. */
@Injectable()
export class RunnerMetrics {
  private readonly finishedTotal: Counter<'status'>;

  constructor() {
    this.finishedTotal =
      (register.getSingleMetric('scanworks_runs_finished_total') as Counter<'status'> | undefined) ??
      new Counter({ name: 'scanworks_runs_finished_total', help: 'Runs whose execution on this runner ended, by outcome (success, failure, stopped, stale, handed_back, lost).', labelNames: ['status'] });
  }

  /** The gauge reads the runner's slots when scraped. */
  trackRunning(read: () => number): void {
    if (register.getSingleMetric('scanworks_runs_running')) register.removeSingleMetric('scanworks_runs_running');
    new Gauge({ name: 'scanworks_runs_running', help: 'Runs this runner executes now.', collect() { this.set(read()); } });
  }

  finished(status: string): void {
    this.finishedTotal.inc({ status });
  }
}
