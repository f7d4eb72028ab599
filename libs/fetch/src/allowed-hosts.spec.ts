import { compileAllowedHosts, parseAllowedHosts } from './allowed-hosts';

describe('parseAllowedHosts', () => {
  it('splits on commas, trims and drops empties', () => {
    expect(parseAllowedHosts(' minio , 10.0.0.0/8,,fd00::/8 ,')).toEqual(['minio', '10.0.0.0/8', 'fd00::/8']);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts('  ')).toEqual([]);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', '10.0.0.0/', 'fd00::/129', 'nope/8', '10.0.0.0/8/1', '1.2.3.4/x'])('throws on the bad CIDR %s', (entry) => {
    expect(() => parseAllowedHosts(`minio,${entry}`)).toThrow(`Invalid CIDR range in FETCH_ALLOWED_HOSTS: '${entry}'`);
  });
});

describe('compileAllowedHosts', () => {
  const allowed = compileAllowedHosts(['MinIO.internal', '10.0.0.0/8', '192.168.1.5', 'fd00::/8', '[::1]', '::ffff:172.16.0.0/108']);

  it('matches host names exactly and case-insensitively', () => {
    expect(allowed.permitsName('minio.internal')).toBe(true);
    expect(allowed.permitsName('MINIO.internal.')).toBe(true);
    expect(allowed.permitsName('evil.minio.internal')).toBe(false);
    expect(allowed.permitsName('minio')).toBe(false);
  });

  it.each([
    ['10.20.30.40', true],
    ['::ffff:10.20.30.40', true],
    ['11.0.0.1', false],
    ['192.168.1.5', true],
    ['192.168.1.6', false],
    ['fd12::1', true],
    ['fe80::1', false],
    ['::1', true],
    ['172.16.4.4', true],
    ['172.32.0.1', false],
  ])('address %s → %s', (ip, expected) => {
    expect(allowed.permitsAddress(ip)).toBe(expected);
  });
});
