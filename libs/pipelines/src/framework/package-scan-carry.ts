import type { FileScanOutput } from '@sca/scanner';

/**
 * Package scans started by one step for a later step of the same run: collection hands the
 * pool each datafile's package scan beside its file info (the pool is busy with every file then,
 * and the later step would otherwise wait on a pass of its own over the datafiles). The scans
 * are kept under the scan options they ran with; the later step takes them only under the same
 * options, and once. A scan that failed is kept as null, and the taker scans that file again.
 */
export class PackageScanCarry {
  private carried: { key: string; scans: Map<string, Promise<FileScanOutput | null>> } | null = null;

  /** Starts a carry under `key` (it replaces any earlier one) and returns how to add to it. */
  start(key: string): (path: string, scan: Promise<FileScanOutput>) => void {
    const scans = new Map<string, Promise<FileScanOutput | null>>();
    this.carried = { key, scans };
    // Caught at once: a scan nobody takes (a file flagged meanwhile) must not be an unhandled rejection.
    return (path, scan) => scans.set(path, scan.catch(() => null));
  }

  /** The scans carried under `key`, by codebase path, or null; the carry is emptied either way. */
  take(key: string): Map<string, Promise<FileScanOutput | null>> | null {
    const carried = this.carried;
    this.carried = null;
    return carried?.key === key ? carried.scans : null;
  }
}
