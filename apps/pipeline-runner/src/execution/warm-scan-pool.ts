import { ScanPool } from '@sca/scanner';

/**
 * One scan worker pool kept ready while the runner waits for work. A pool's workers take
 * seconds of CPU to start (loading the scan engine, building the license index, loading
 * libmagic); a run that starts them itself pays that while its first steps (downloading and
 * extracting its inputs) compete with them for the same cores. The runner warms a spare when it
 * starts and after each run, and the next run that scans takes it: the run owns it from then
 * on (and stops it at its end), exactly as a pool it had started itself.
 */
export class WarmScanPool {
  private spare: ScanPool | null = null;
  private closed = false;

  constructor(private readonly create: () => ScanPool, private readonly enabled: boolean) {}

  /** Starts warming a spare pool, unless one is there already (or warm pools are off). */
  refill(): void {
    if (!this.enabled || this.closed || this.spare) return;
    this.spare = this.create();
    this.spare.warmUp();
  }

  /** The spare pool (warm, or still warming), else a new one; the caller owns it. */
  take(): ScanPool {
    const pool = this.spare ?? this.create();
    this.spare = null;
    return pool;
  }

  /** Stops the spare pool; no other is made. */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    await spare?.close();
  }
}
