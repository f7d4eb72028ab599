import type { ScanSettings, StepContext } from '../../framework/step-context';
import { baseScanOptions, effectiveMaxFileSize } from './codebase-files';

const CEILING = 10 * 1024 * 1024;
const scan: ScanSettings = { processes: 2, fileTimeoutSeconds: 30, maxFileSize: CEILING, workerMemoryMb: 512 };

function ctxWith(settings: Record<string, unknown>): StepContext {
  return { project: { uuid: 'p', name: 'p', settings, extra_data: {} }, scan } as unknown as StepContext;
}

describe('the maximum file size of a scan', () => {
  it('clamps a project setting above the runner ceiling to the ceiling', () => {
    expect(baseScanOptions(ctxWith({ scan_max_file_size: CEILING * 100 })).maxFileSize).toBe(CEILING);
    expect(baseScanOptions(ctxWith({ scan_max_file_size: CEILING + 1 })).maxFileSize).toBe(CEILING);
  });

  it('honours a project setting at or below the ceiling', () => {
    expect(baseScanOptions(ctxWith({ scan_max_file_size: 1000 })).maxFileSize).toBe(1000);
    expect(baseScanOptions(ctxWith({ scan_max_file_size: '2048' })).maxFileSize).toBe(2048);
    expect(baseScanOptions(ctxWith({ scan_max_file_size: CEILING })).maxFileSize).toBe(CEILING);
  });

  it('uses the ceiling when the project sets no usable value', () => {
    for (const value of [undefined, null, '', 0, -5, 1.5, 'big']) expect(effectiveMaxFileSize(value, CEILING)).toBe(CEILING);
  });

  it('takes the per-file timeout from the runner settings', () => {
    expect(baseScanOptions(ctxWith({})).timeoutSeconds).toBe(30);
  });
});
