import type { RunEnd } from './run-lifecycle';

/**
 * Conditions under which a runner may end a run (`RunEnd.onlyIf`); `$5` is the first bind parameter
 * after endRunWithEvent's own four.
 */

/** Only while `runnerId` still holds the run: a runner that lost it writes nothing more. */
export function whileHeldBy(runnerId: string): NonNullable<RunEnd['onlyIf']> {
  return { sql: 'runner_id = $5', params: [runnerId] };
}

/** Only while no heartbeat renewed the lease for `leaseSeconds` (a runner ending another's run stale). */
export function whileLeaseExpired(leaseSeconds: number): NonNullable<RunEnd['onlyIf']> {
  return { sql: 'heartbeat_at < now() - make_interval(secs => $5)', params: [leaseSeconds] };
}
