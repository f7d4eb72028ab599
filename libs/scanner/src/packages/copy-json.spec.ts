import { copyJson } from './copy-json';

describe('copyJson', () => {
  it('copies nested objects and arrays, sharing nothing with the original', () => {
    const original = { purl: 'pkg:npm/a@1.0.0', is_runtime: true, size: null, resolved_package: { parties: [{ name: 'x', roles: ['author'] }], qualifiers: {} }, extra_data: { n: 3 } };
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    copy.resolved_package.parties[0].roles.push('maintainer');
    copy.extra_data.n = 4;
    expect(original.resolved_package.parties[0].roles).toEqual(['author']);
    expect(original.extra_data.n).toBe(3);
  });

  it('returns primitives as they are', () => {
    expect(copyJson('a')).toBe('a');
    expect(copyJson(0)).toBe(0);
    expect(copyJson(null)).toBeNull();
    expect(copyJson(false)).toBe(false);
  });
});
