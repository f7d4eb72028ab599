import { loadConfig } from '@sca/config';
import { DEFAULT_SCAN_OPTIONS, DEFAULT_WORKER_MEMORY_MB, MIN_WORKER_MEMORY_MB } from '@sca/scanner';
import { RunnerConfig } from './runner.config';

describe('RunnerConfig scan settings', () => {
  it('defaults to the scanner defaults, with the CPU count of workers', () => {
    const config = loadConfig(RunnerConfig, {});
    expect(config.SCAN_PROCESSES).toBeUndefined();
    expect(config).toMatchObject({
      SCAN_FILE_TIMEOUT: DEFAULT_SCAN_OPTIONS.timeoutSeconds,
      SCAN_MAX_FILE_SIZE: DEFAULT_SCAN_OPTIONS.maxFileSize,
      SCAN_WORKER_MEMORY_MB: DEFAULT_WORKER_MEMORY_MB,
    });
  });

  it('reads them from the environment', () => {
    const env = { SCAN_PROCESSES: '0', SCAN_FILE_TIMEOUT: '30', SCAN_MAX_FILE_SIZE: '1048576', SCAN_WORKER_MEMORY_MB: '2048' };
    expect(loadConfig(RunnerConfig, env)).toMatchObject({ SCAN_PROCESSES: 0, SCAN_FILE_TIMEOUT: 30, SCAN_MAX_FILE_SIZE: 1048576, SCAN_WORKER_MEMORY_MB: 2048 });
  });

  it.each([
    [{ SCAN_PROCESSES: 'all' }, 'SCAN_PROCESSES must be an integer number'],
    [{ SCAN_FILE_TIMEOUT: '0' }, 'SCAN_FILE_TIMEOUT must not be less than 1'],
    [{ SCAN_MAX_FILE_SIZE: '10MB' }, 'SCAN_MAX_FILE_SIZE must be an integer number'],
    [{ SCAN_WORKER_MEMORY_MB: String(MIN_WORKER_MEMORY_MB - 1) }, `SCAN_WORKER_MEMORY_MB must not be less than ${MIN_WORKER_MEMORY_MB}`],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(RunnerConfig, env)).toThrow(message);
  });
});
