import type { FileScanOutput } from './file-scan';

/** Why a worker gave back no result: it ran past the per-file timeout, or it failed (out of memory, crashed). */
export type ScanFailure = 'timeout' | Error;

/** What the failure message quotes: the limits the worker ran under. */
export interface WorkerLimits {
  timeoutSeconds: number;
  /** The worker's heap limit, in MB. */
  workerMemoryMb: number;
}

/**
 * Node terminates a worker thread that reaches its heap limit with this code (the process
 * lives on); piscina rejects the worker's task with that error and starts a new worker.
 */
export function isOutOfMemory(failure: ScanFailure): boolean {
  return failure !== 'timeout' && (failure as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
}

/**
 * The output of a file that a worker gave no result for, with ScanCode's wording for an
 * interrupted scan (`ERROR: for scanner: all:` then `ERROR: Processing interrupted: ...`).
 */
export function failedScanOutput(failure: ScanFailure, limits: WorkerLimits): FileScanOutput {
  return { info: null, license: null, copyright: null, emails: null, urls: null, scan_errors: [`ERROR: for scanner: all:\n${failureMessage(failure, limits)}`] };
}

function failureMessage(failure: ScanFailure, limits: WorkerLimits): string {
  if (failure === 'timeout') return `ERROR: Processing interrupted: timeout after ${limits.timeoutSeconds} seconds.`;
  if (isOutOfMemory(failure)) return `ERROR: Processing interrupted: out of memory (scan worker heap limit: ${limits.workerMemoryMb} MB).`;
  return failure.message;
}
