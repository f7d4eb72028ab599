import type { LoggerService } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rowsOf } from '@sca/persistence';
import { LeaseLost, StopRequested } from './abort-reasons';
import type { RunLog } from './run-log';

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
  let progress: { step: string; done: number; total: number } | null = null;
  let busy = false;
  let renewedAt = Date.now();
  const beat = async () => {
    if (busy || controller.signal.aborted) return;
    busy = true;
    try {
      await log.flush();
      const rows = rowsOf<{ runner_id: string | null; ended: boolean }>(await db.query(
        `UPDATE runs SET heartbeat_at = CASE WHEN runner_id = $4 THEN now() ELSE heartbeat_at END,
           current_step = CASE WHEN runner_id = $4 THEN COALESCE($2, current_step) ELSE current_step END,
           progress = CASE WHEN runner_id = $4 THEN $3::jsonb ELSE progress END
         WHERE uuid = $1 RETURNING runner_id, task_end_date IS NOT NULL AS ended`,
        [opts.runUuid, progress?.step ?? null, progress ? JSON.stringify({ done: progress.done, total: progress.total }) : null, opts.runnerId],
      ));
      const row = rows[0];
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
