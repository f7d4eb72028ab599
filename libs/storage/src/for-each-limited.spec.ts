import { forEachLimited } from './for-each-limited';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('forEachLimited', () => {
  it('never runs more than the limit at once and counts successes', async () => {
    let running = 0;
    let peak = 0;
    const count = await forEachLimited([...Array(20).keys()], 3, async () => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
    });
    expect(count).toBe(20);
    expect(peak).toBe(3);
  });

  it('pulls items lazily from an async source', async () => {
    let pulled = 0;
    let started = 0;
    async function* items(): AsyncGenerator<number> {
      for (let i = 0; i < 10; i++) {
        pulled++;
        yield i;
      }
    }
    await forEachLimited(items(), 2, async () => {
      started++;
      expect(pulled - started).toBeLessThanOrEqual(1);
      await tick();
    });
    expect(started).toBe(10);
  });

  it('stops starting tasks after a failure and waits for running ones before rethrowing', async () => {
    const finished: number[] = [];
    let started = 0;
    const run = forEachLimited([...Array(50).keys()], 4, async (i) => {
      started++;
      await tick();
      if (i === 5) throw new Error('boom');
      await tick();
      finished.push(i);
    });
    await expect(run).rejects.toThrow('boom');
    const settled = finished.length;
    await tick();
    await tick();
    expect(finished.length).toBe(settled); // nothing still running after the rejection
    expect(started).toBeLessThan(12);
  });

  it('waits for running tasks when the source itself fails', async () => {
    let finished = 0;
    async function* items(): AsyncGenerator<number> {
      yield 1;
      yield 2;
      throw new Error('listing failed');
    }
    await expect(
      forEachLimited(items(), 4, async () => {
        await tick();
        finished++;
      }),
    ).rejects.toThrow('listing failed');
    expect(finished).toBe(2);
  });

  it('rejects a non-positive concurrency', async () => {
    await expect(forEachLimited([1], 0, async () => undefined)).rejects.toThrow(RangeError);
  });
});
