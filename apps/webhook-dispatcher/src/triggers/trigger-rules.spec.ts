import { subscriptionsToFire } from './trigger-rules';

const each = { uuid: 'each', trigger_on_each_run: true, is_active: true };
const all = { uuid: 'all', trigger_on_each_run: false, is_active: true };
const off = { uuid: 'off', trigger_on_each_run: true, is_active: false };
const subs = [each, all, off];
const fired = (status: string, left: number) => subscriptionsToFire(status, left, subs).map((s) => s.uuid);

describe('subscriptionsToFire', () => {
  it('fires each-run subscriptions after every run, all-runs ones after the last', () => {
    expect(fired('success', 1)).toEqual(['each']);
    expect(fired('success', 0)).toEqual(['each', 'all']);
  });

  it('fires all-runs subscriptions when a failure ends the chain early', () => {
    expect(fired('failure', 2)).toEqual(['each', 'all']);
  });

  it('never fires inactive subscriptions, nor for stopped or stale runs', () => {
    expect(fired('stopped', 0)).toEqual([]);
    expect(fired('stale', 0)).toEqual([]);
    expect(subscriptionsToFire('success', 0, [off])).toEqual([]);
  });
});
