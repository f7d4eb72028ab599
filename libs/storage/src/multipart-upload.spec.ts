import { partSizer } from './multipart-upload';

const MiB = 1024 * 1024;

describe('partSizer', () => {
  it('never goes below S3 minimum part size', () => {
    expect(partSizer(1024)(1)).toBe(5 * MiB);
  });

  it('uses one size that fits a known object in 10 000 parts', () => {
    expect(partSizer(8 * MiB, 30 * MiB)(1)).toBe(8 * MiB);
    const size = partSizer(8 * MiB, 200 * 1024 * MiB);
    expect(size(1)).toBe(size(9000));
    expect(size(1) * 10_000).toBeGreaterThanOrEqual(200 * 1024 * MiB);
  });

  it('doubles every 1000 parts for unknown sizes, reaching 5 TiB within 10 000 parts', () => {
    const size = partSizer(8 * MiB);
    expect(size(1)).toBe(8 * MiB);
    expect(size(1000)).toBe(8 * MiB);
    expect(size(1001)).toBe(16 * MiB);
    let total = 0;
    for (let n = 1; n <= 10_000; n++) total += size(n);
    expect(total).toBeGreaterThan(5 * 1024 * 1024 * MiB);
    expect(size(10_000)).toBeLessThanOrEqual(5 * 1024 * MiB);
  });
});
