import { addressRange, isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.1.2.3', false],
    ['::ffff:8.8.8.8', true],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['0.0.0.0', false],
    ['::', false],
    ['224.0.0.1', false],
    ['ff02::1', false],
    ['255.255.255.255', false],
    ['240.0.0.1', false],
    ['192.0.2.10', false],
    ['198.18.0.1', false],
    ['fd00::1', false],
    ['fc00::1', false],
    ['2001:db8::1', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['::7f00:1', false],
    ['100::1', false],
  ])('%s → %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it('names the range it refuses', () => {
    expect(addressRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRange('169.254.169.254')).toBe('linkLocal');
    expect(addressRange('100.64.0.1')).toBe('carrierGradeNat');
    expect(addressRange('fd00::1')).toBe('uniqueLocal');
    expect(addressRange('8.8.8.8')).toBe('unicast');
  });

  it('throws on something that is not an address', () => {
    expect(() => isPublicAddress('example.com')).toThrow();
  });
});
