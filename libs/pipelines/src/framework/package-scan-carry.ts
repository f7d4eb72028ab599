import type { FileScanOutput, ScanOptions } from '@sca/scanner';

/**
 * Package scans started by one step for a later step of the same run: collection hands the
 * pool each datafile's package scan beside its file info (the pool is busy with every file then,
 * and the later step would otherwise wait on a pass of its own over the datafiles). The scans
 * are kept under the scan options they ran with; the later step takes them only under the same
 * options, and once. A scan that failed is kept as null, and the taker scans that file again.
 */
export class PackageScanCarry {
  private carried: { key: string; scans: Map<string, Promise<FileScanOutput | null>> } | null = null;

  /** Starts a carry of scans made with `options` (it replaces any earlier one) and returns how to add to it. */
  start(options: ScanOptions): (path: string, scan: Promise<FileScanOutput>) => void {
    const scans = new Map<string, Promise<FileScanOutput | null>>();
    this.carried = { key: JSON.stringify(options), scans };
    // Caught at once: a scan nobody takes (a file flagged meanwhile) must not be an unhandled rejection.
    return (path, scan) => scans.set(path, scan.catch(() => null));
  }

  /** The scans carried under the same `options`, by codebase path, or null; the carry is emptied either way. */
  take(options: ScanOptions): Map<string, Promise<FileScanOutput | null>> | null {
    const carried = this.carried;
    this.carried = null;
    return carried?.key === JSON.stringify(options) ? carried.scans : null;
  }
}
