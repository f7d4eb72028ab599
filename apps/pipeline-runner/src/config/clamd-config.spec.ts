import { loadConfig } from '@sca/config';
import { clamdSettings } from './clamd-config';
import { RunnerConfig } from './runner.config';

describe('RunnerConfig clamd settings', () => {
  it('defaults to ScanCode.io\'s: clamd over TCP at host clamav, port 3310, its contents streamed', () => {
    expect(clamdSettings(loadConfig(RunnerConfig, {}))).toEqual({
      address: { kind: 'tcp', host: 'clamav', port: 3310 },
      sharedFilesystem: false,
      streamMaxLength: 25 * 1024 * 1024,
      connections: 4,
      timeoutSeconds: 150,
      retries: 3,
      retryDelayMs: 1000,
    });
  });

  it('reads a host:port, a clamd.conf size, and the Unix socket when TCP is off', () => {
    const env = { CLAMD_TCP_ADDR: 'clamd.scan.svc:13310', CLAMD_STREAM_MAX_LENGTH: '100M', CLAMD_SHARED_FILESYSTEM: 'true', CLAMD_CONNECTIONS: '8', CLAMD_RETRIES: '0' };
    expect(clamdSettings(loadConfig(RunnerConfig, env))).toMatchObject({
      address: { kind: 'tcp', host: 'clamd.scan.svc', port: 13310 },
      streamMaxLength: 100 * 1024 * 1024,
      sharedFilesystem: true,
      connections: 8,
      retries: 0,
    });
    expect(clamdSettings(loadConfig(RunnerConfig, { CLAMD_USE_TCP: 'false', CLAMD_SOCKET: '/run/clamav/clamd.sock' })).address).toEqual({ kind: 'unix', path: '/run/clamav/clamd.sock' });
    expect(loadConfig(RunnerConfig, { CLAMD_STREAM_MAX_LENGTH: '1048576' }).CLAMD_STREAM_MAX_LENGTH).toBe(1048576);
  });

  it.each([
    [{ CLAMD_TCP_ADDR: 'tcp://clamav:3310' }, 'CLAMD_TCP_ADDR must be a host or host:port (port 1-65535)'],
    [{ CLAMD_TCP_ADDR: 'clamav:99999' }, 'CLAMD_TCP_ADDR must be a host or host:port (port 1-65535)'],
    [{ CLAMD_STREAM_MAX_LENGTH: '25MB' }, 'CLAMD_STREAM_MAX_LENGTH must be a size in bytes, or a number followed by K or M as in clamd.conf'],
    [{ CLAMD_STREAM_MAX_LENGTH: '0' }, 'CLAMD_STREAM_MAX_LENGTH must be a size in bytes'],
    [{ CLAMD_USE_TCP: 'maybe' }, 'CLAMD_USE_TCP must be a boolean value'],
    [{ CLAMD_CONNECTIONS: '0' }, 'CLAMD_CONNECTIONS must not be less than 1'],
    [{ CLAMD_RETRIES: '-1' }, 'CLAMD_RETRIES must not be less than 0'],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(RunnerConfig, env)).toThrow(message);
  });

  it('lists every bad clamd variable at once', () => {
    expect(() => loadConfig(RunnerConfig, { CLAMD_TCP_ADDR: 'a b', CLAMD_TIMEOUT_SECONDS: '0' })).toThrow(/CLAMD_TCP_ADDR must be[\s\S]*CLAMD_TIMEOUT_SECONDS must not be less than 1/);
  });
});
