import type { ScanPool } from '@sca/scanner';
import { WarmScanPool } from './warm-scan-pool';

/** A stand-in pool that records what was asked of it. */
function fakePools() {
  const made: { id: number; warmed: number; closed: boolean }[] = [];
  const create = () => {
    const state = { id: made.length, warmed: 0, closed: false };
    made.push(state);
    return { state, warmUp: () => void state.warmed++, close: async () => void (state.closed = true) } as unknown as ScanPool;
  };
  return { made, create, idOf: (p: ScanPool) => (p as unknown as { state: { id: number } }).state.id };
}

describe('WarmScanPool', () => {
  it('hands the warmed spare to the next run, then new pools until it is refilled', () => {
    const { made, create, idOf } = fakePools();
    const warm = new WarmScanPool(create, true);
    warm.refill();
    warm.refill(); // one spare at most
    expect(made.map((m) => m.warmed)).toEqual([1]);
    expect(idOf(warm.take())).toBe(0);
    expect(idOf(warm.take())).toBe(1); // no spare left: a new pool, not warmed here
    expect(made[1].warmed).toBe(0);
    warm.refill();
    expect(idOf(warm.take())).toBe(2);
    expect(made[2].warmed).toBe(1);
  });

  it('makes no spare when off, and stops the spare when closed', async () => {
    const off = fakePools();
    const cold = new WarmScanPool(off.create, false);
    cold.refill();
    expect(off.made).toEqual([]);
    expect(off.idOf(cold.take())).toBe(0);

    const on = fakePools();
    const warm = new WarmScanPool(on.create, true);
    warm.refill();
    await warm.close();
    expect(on.made[0].closed).toBe(true);
    warm.refill();
    expect(on.made).toHaveLength(1);
  });
});
