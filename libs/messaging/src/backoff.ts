/** Exponential backoff with full jitter (100 ms doubling up to 5 s); a pending wait can be cancelled. */
export class Backoff {
  private attempt = 0;
  private pending: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  constructor(
    private readonly baseMs = 100,
    private readonly maxMs = 5_000,
  ) {}

  /** Jitter keeps a fleet of services from reconnecting in lock-step after a broker restart. */
  wait(): Promise<void> {
    const ceiling = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt);
    this.attempt += 1;
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        resolve();
      }, delay);
      this.pending = { timer, resolve };
    });
  }

  reset(): void {
    this.attempt = 0;
  }

  /** Ends a pending wait at once (used on close, so shutdown never waits out a backoff). */
  cancel(): void {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending.resolve();
    this.pending = null;
  }
}
