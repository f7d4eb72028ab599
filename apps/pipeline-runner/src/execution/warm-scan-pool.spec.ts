import type { ScanPool } from '@sca/scanner';
import { RUNS_PER_POOL, WarmScanPool } from './warm-scan-pool';

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

  it('keeps a completed run\'s pool for the next run, and stops a failed run\'s pool', async () => {
    const { made, create, idOf } = fakePools();
    const warm = new WarmScanPool(create, true);
    warm.refill();
    const first = warm.take();
    await warm.release(first, true);
    expect(made[0].closed).toBe(false);
    warm.refill(); // the given-back pool is the spare: no second one is started
    expect(made).toHaveLength(1);
    const again = warm.take();
    expect(idOf(again)).toBe(0);
    await warm.release(again, false);
    expect(made[0].closed).toBe(true);
    warm.refill();
    expect(idOf(warm.take())).toBe(1);
  });

  it('replaces a pool after RUNS_PER_POOL runs, and stops a pool given back when a spare is there', async () => {
    const { made, create, idOf } = fakePools();
    const warm = new WarmScanPool(create, true);
    warm.refill();
    let pool = warm.take();
    for (let run = 1; run < RUNS_PER_POOL; run++) {
      await warm.release(pool, true);
      pool = warm.take();
      expect(idOf(pool)).toBe(0);
    }
    await warm.release(pool, true);
    expect(made[0].closed).toBe(true);

    warm.refill();
    const running = warm.take();
    warm.refill();
    await warm.release(running, true);
    expect(made.find((m) => m.id === idOf(running))?.closed).toBe(true);
  });

  it('stops pools given back once closed, and every pool when warm pools are off', async () => {
    const on = fakePools();
    const warm = new WarmScanPool(on.create, true);
    const pool = warm.take();
    await warm.close();
    await warm.release(pool, true);
    expect(on.made[0].closed).toBe(true);

    const off = fakePools();
    const cold = new WarmScanPool(off.create, false);
    await cold.release(cold.take(), true);
    expect(off.made[0].closed).toBe(true);
  });
});
