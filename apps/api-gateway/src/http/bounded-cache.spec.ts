import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 1_000;
  });

  it('forgets an entry once its time to live has passed', () => {
    const cache = new BoundedCache<string>(10, 100, clock);
    cache.set('a', 'x');
    now += 99;
    expect(cache.get('a')).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry past its capacity, and only that one', () => {
    const cache = new BoundedCache<number>(3, 1_000, clock);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, undefined, 3, 4]);
  });

  it('keeps its capacity under a flood of new keys', () => {
    const cache = new BoundedCache<number>(100, 1_000, clock);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(100);
    expect(cache.get('k9999')).toBe(9999);
    expect(cache.get('k0')).toBeUndefined();
  });

  it('renews the time to live when an entry is set again', () => {
    const cache = new BoundedCache<number>(10, 100, clock);
    cache.set('a', 1);
    now += 80;
    cache.set('a', 2);
    now += 80;
    expect(cache.get('a')).toBe(2);
  });
});
