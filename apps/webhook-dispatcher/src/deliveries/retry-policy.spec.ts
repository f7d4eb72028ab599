import { classifyResponse, parseRetryAfter, retryDelay } from './retry-policy';

describe('classifyResponse', () => {
  it('accepts 2xx, retries 429 and 5xx, gives up on other codes', () => {
    expect(classifyResponse(200, undefined)).toEqual({ kind: 'success' });
    expect(classifyResponse(204, undefined)).toEqual({ kind: 'success' });
    expect(classifyResponse(500, undefined)).toEqual({ kind: 'retry', delayMs: null });
    expect(classifyResponse(503, '7')).toEqual({ kind: 'retry', delayMs: 7000 });
    expect(classifyResponse(429, '2')).toEqual({ kind: 'retry', delayMs: 2000 });
    expect(classifyResponse(400, '5')).toEqual({ kind: 'give-up' });
    expect(classifyResponse(404, undefined)).toEqual({ kind: 'give-up' });
    expect(classifyResponse(301, undefined)).toEqual({ kind: 'give-up' });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

describe('retryDelay', () => {
  const settings = { baseMs: 1000, maxMs: 60_000 };
  it('doubles per attempt with jitter in the upper half', () => {
    expect(retryDelay(1, settings, null, () => 0)).toBe(500);
    expect(retryDelay(1, settings, null, () => 1)).toBe(1000);
    expect(retryDelay(3, settings, null, () => 0)).toBe(2000);
    expect(retryDelay(3, settings, null, () => 1)).toBe(4000);
  });
  it('is capped, and honours a longer Retry-After up to the cap', () => {
    expect(retryDelay(20, settings, null, () => 1)).toBe(60_000);
    expect(retryDelay(1, settings, 10_000, () => 0)).toBe(10_000);
    expect(retryDelay(1, settings, 10, () => 1)).toBe(1000);
    expect(retryDelay(1, settings, 3_600_000, () => 0)).toBe(60_000);
  });
});
