import { ClamdSettingError, describeClamd, parseClamdSize, parseClamdTcpAddress } from './clamd-address';

describe('parseClamdTcpAddress', () => {
  it('takes a host alone (ScanCode.io) with clamd port 3310, or host:port', () => {
    expect(parseClamdTcpAddress('clamav')).toEqual({ host: 'clamav', port: 3310 });
    expect(parseClamdTcpAddress(' 10.0.0.7:13310 ')).toEqual({ host: '10.0.0.7', port: 13310 });
    expect(parseClamdTcpAddress('clamav.scan.svc.cluster.local:3310')).toEqual({ host: 'clamav.scan.svc.cluster.local', port: 3310 });
    expect(parseClamdTcpAddress('[::1]:3311')).toEqual({ host: '::1', port: 3311 });
    expect(parseClamdTcpAddress('[fd00::2]')).toEqual({ host: 'fd00::2', port: 3310 });
  });

  it('refuses what is not a host and a port', () => {
    for (const bad of ['', 'tcp://clamav:3310', 'clamav:', 'clamav:0', 'clamav:65536', 'clamav:33a', '::1:3310', 'a b']) {
      expect(() => parseClamdTcpAddress(bad)).toThrow(ClamdSettingError);
    }
    expect(() => parseClamdTcpAddress('clamav:70000')).toThrow('"clamav:70000" has no valid port (1-65535)');
  });
});

describe('parseClamdSize', () => {
  it('reads bytes and the K and M suffixes of clamd.conf', () => {
    expect(parseClamdSize('26214400')).toBe(26214400);
    expect(parseClamdSize('25M')).toBe(26214400);
    expect(parseClamdSize('512k')).toBe(524288);
  });

  it('refuses zero, fractions, other units and negative sizes', () => {
    for (const bad of ['0', '0M', '1.5M', '25MB', '1G', '-1', '', 'M']) expect(() => parseClamdSize(bad)).toThrow(ClamdSettingError);
  });
});

describe('describeClamd', () => {
  it('names clamd by its address, as messages show it', () => {
    expect(describeClamd({ kind: 'tcp', host: 'clamav', port: 3310 })).toBe('clamd at tcp://clamav:3310');
    expect(describeClamd({ kind: 'tcp', host: '::1', port: 3310 })).toBe('clamd at tcp://[::1]:3310');
    expect(describeClamd({ kind: 'unix', path: '/var/run/clamav/clamd.ctl' })).toBe('clamd at unix:/var/run/clamav/clamd.ctl');
  });
});
