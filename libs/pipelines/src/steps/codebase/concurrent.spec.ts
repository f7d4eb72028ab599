import { forEachConcurrent } from './concurrent';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('forEachConcurrent', () => {
  it('keeps at most `limit` items in flight and hands every result over', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    async function* numbers() {
      for (let i = 0; i < 1000; i++) yield i;
    }
    await forEachConcurrent(numbers(), 7, async (n) => {
      most = Math.max(most, ++running);
      for (let t = 0; t < n % 3; t++) await tick();
      running--;
      return n * 2;
    }, (n, doubled) => void seen.push(doubled - n));
    expect(most).toBe(7);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('stops pulling after a failure, lets the running items finish, then throws it', async () => {
    const pulled: number[] = [];
    const finished: number[] = [];
    function* numbers() {
      for (let i = 0; i < 100; i++) {
        pulled.push(i);
        yield i;
      }
    }
    const run = forEachConcurrent(numbers(), 4, async (n) => {
      await tick();
      if (n === 5) throw new Error('item 5 failed');
      await tick();
      finished.push(n);
      return n;
    }, () => undefined);
    await expect(run).rejects.toThrow('item 5 failed');
    expect(pulled.length).toBeLessThan(12);
    expect(finished).toEqual(pulled.filter((n) => n !== 5));
  });

  it('passes a failing onResult on as the failure', async () => {
    await expect(forEachConcurrent([1, 2, 3], 2, async (n) => n, (n) => {
      if (n === 2) throw new Error('cannot store 2');
    })).rejects.toThrow('cannot store 2');
  });
});
