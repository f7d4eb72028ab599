/** A subscription as the trigger rules see it. */
export interface TriggerSubscription {
  uuid: string;
  trigger_on_each_run: boolean;
  is_active: boolean;
}

/** Run end states that notify (ScanCode.io notifies success and failure; stopped and stale runs do not). */
const NOTIFYING = new Set(['success', 'failure']);

/**
 * Which subscriptions fire when a run ends (reference §6.2), with one departure in the
 * subscriber's interest: ScanCode.io fires the "all runs" subscriptions only when no run is left
 * `not_started`, so a failed run in a chain (which stops the chain) never fires them. Here a failed
 * run also fires them: the chain is over, and the subscriber learns it failed.
 */
export function subscriptionsToFire(runStatus: string, runsLeft: number, subscriptions: readonly TriggerSubscription[]): TriggerSubscription[] {
  if (!NOTIFYING.has(runStatus)) return [];
  const chainOver = runsLeft === 0 || runStatus === 'failure';
  return subscriptions.filter((s) => s.is_active && (s.trigger_on_each_run || chainOver));
}
