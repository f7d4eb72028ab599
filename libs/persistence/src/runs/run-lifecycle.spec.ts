import { logStamp } from './run-lifecycle';

describe('logStamp', () => {
  it('writes YYYY-MM-DD HH:MM:SS.mmm in UTC', () => {
    expect(logStamp(new Date('2024-03-05T07:08:09.012Z'))).toBe('2024-03-05 07:08:09.012');
    expect(logStamp(new Date('2024-03-05T23:30:00+02:00'))).toBe('2024-03-05 21:30:00.000');
  });

  it('defaults to now', () => {
    const before = Date.now();
    const stamp = logStamp();
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const at = Date.parse(`${stamp.replace(' ', 'T')}Z`);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});
