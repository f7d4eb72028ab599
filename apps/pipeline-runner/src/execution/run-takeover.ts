import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { EXIT_CODE_STALE } from '@sca/contracts';
import { claimRun, ClaimedRun, ClaimLimits, endRunWithEvent, readRunState, whileLeaseExpired } from '@sca/persistence';

/** How often a live lease is read, what interrupts the watch, and SITE_URL for a stale run's event. */
export interface TakeOptions {
  pollMs: number;
  signal: AbortSignal;
  siteUrl: string | undefined;
}

/**
 * What a runner does with a run.execute message: claim the run; or, when another runner holds
 * it, watch its lease: a heartbeat that moves means that runner is alive (this message is a
 * repeat: dropped); a lease that expires means it died (the run is taken over here, within the
 * lease, or ends stale when its attempts are used up). Null: nothing to execute.
 */
export async function takeRun(db: DataSource, runUuid: string, limits: ClaimLimits, opts: TakeOptions): Promise<ClaimedRun | null> {
  const { pollMs, signal } = opts;
  let seenHeartbeat: string | null | undefined;
  while (!signal.aborted) {
    const claimed = await claimRun(db, runUuid, limits);
    if (claimed) return claimed;
    const state = await readRunState(db, runUuid, limits.leaseSeconds);
    if (!state || state.ended || !state.started) return null;
    if (state.lease_expired && state.lost_attempts + 1 >= limits.maxAttempts) {
      await endRunWithEvent(db, runUuid, {
        exitCode: EXIT_CODE_STALE,
        logLine: `Run marked stale: runner ${state.runner_id ?? '(none)'} stopped renewing its lease, and ${state.lost_attempts + 1} of RUN_MAX_ATTEMPTS=${limits.maxAttempts} attempts are lost`,
        onlyIf: whileLeaseExpired(limits.leaseSeconds),
        siteUrl: opts.siteUrl,
      });
      return null;
    }
    if (!state.lease_expired && seenHeartbeat !== undefined && state.heartbeat_at !== seenHeartbeat) return null;
    seenHeartbeat = state.heartbeat_at;
    await sleep(pollMs, undefined, { signal }).catch(() => undefined);
  }
  return null;
}
