import { ScanPool } from '@sca/scanner';

/**
 * Runs one pool serves before it is stopped and a fresh one warmed: a bound on whatever a
 * long-lived worker might accumulate (heap fragmentation, caches at their ceiling), paid once
 * every so many runs instead of after each.
 */
export const RUNS_PER_POOL = 20;

/**
 * One scan worker pool kept ready while the runner waits for work. A pool's workers take
 * seconds of CPU to start (loading the scan engine, building the license index, loading
 * libmagic) and their first thousands of files run before the JIT has compiled the per-file
 * code; a run that started them itself would pay both while its first steps compete with them
 * for the same cores. The runner warms a spare when it starts; a run takes it, and gives it
 * back when it has finished: a run that completed hands its pool to the next run as it is
 * (compiled code and all), while a failed or stopped run's pool (a batch perhaps still running,
 * a worker in an unknown state) is stopped and a new spare warmed. After RUNS_PER_POOL runs a
 * pool is replaced as well.
 */
export class WarmScanPool {
  private spare: ScanPool | null = null;
  private closed = false;
  private readonly runsServed = new WeakMap<ScanPool, number>();

  constructor(private readonly create: () => ScanPool, private readonly enabled: boolean) {}

  /** Starts warming a spare pool, unless one is there already (or warm pools are off). */
  refill(): void {
    if (!this.enabled || this.closed || this.spare) return;
    this.spare = this.create();
    this.spare.warmUp();
  }

  /** The spare pool (warm, or still warming), else a new one; the caller owns it until `release`. */
  take(): ScanPool {
    const pool = this.spare ?? this.create();
    this.spare = null;
    return pool;
  }

  /**
   * A run is done with its pool: kept as the spare when the run completed (`reusable`), warm
   * pools are on and the pool has served fewer than RUNS_PER_POOL runs; stopped otherwise.
   */
  async release(pool: ScanPool, reusable: boolean): Promise<void> {
    const runs = (this.runsServed.get(pool) ?? 0) + 1;
    if (reusable && this.enabled && !this.closed && !this.spare && runs < RUNS_PER_POOL) {
      this.runsServed.set(pool, runs);
      this.spare = pool;
      return;
    }
    await pool.close();
  }

  /** Stops the spare pool; no other is made. */
  async close(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = null;
    await spare?.close();
  }
}
