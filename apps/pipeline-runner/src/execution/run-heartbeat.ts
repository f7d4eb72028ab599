import type { LoggerService } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { renewRunLease, type RunLog, type RunProgress } from '@sca/persistence';
import { LeaseLost, StopRequested } from './abort-reasons';

export interface HeartbeatOptions {
  runUuid: string;
  runnerId: string;
  periodSeconds: number;
  leaseSeconds: number;
}

/**
 * Renews the run's lease and flushes its progress and log every period. The renewal holds only
 * while this runner still owns the run: a run ended from outside aborts with StopRequested, a run
 * another runner took over aborts with LeaseLost, and so does a runner that could not renew its
 * lease for most of the lease (fencing itself before anyone may take the run over).
 */
export function startHeartbeat(db: DataSource, log: RunLog, controller: AbortController, opts: HeartbeatOptions, logger: LoggerService) {
  let progress: RunProgress | null = null;
  let busy = false;
  let renewedAt = Date.now();
  const beat = async () => {
    if (busy || controller.signal.aborted) return;
    busy = true;
    try {
      await log.flush();
      const row = await renewRunLease(db, opts.runUuid, opts.runnerId, progress);
      if (!row || row.ended) controller.abort(new StopRequested('Run ended from outside'));
      else if (row.runner_id !== opts.runnerId) controller.abort(new LeaseLost(`Run taken over by ${row.runner_id ?? 'the queue'}`));
      else renewedAt = Date.now();
    } catch (e) {
      logger.warn(`heartbeat for ${opts.runUuid} failed: ${(e as Error).message}`);
      const margin = Math.min(opts.periodSeconds, opts.leaseSeconds / 4) * 1000;
      if (Date.now() - renewedAt > opts.leaseSeconds * 1000 - margin) controller.abort(new LeaseLost(`Lease not renewed for ${Math.round((Date.now() - renewedAt) / 1000)} s: ${(e as Error).message}`));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void beat(), opts.periodSeconds * 1000);
  return {
    stop: () => clearInterval(timer),
    setProgress: (step: string, done: number, total: number, flushNow: boolean) => {
      progress = { step, done, total };
      if (flushNow) void beat();
    },
  };
}
