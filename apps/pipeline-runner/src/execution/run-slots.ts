/**
 * The runs this process may execute at once (RUNNER_CONCURRENCY). The broker's prefetch gives
 * a runner no more messages than that, but after a reconnect it may deliver one more while a
 * run of the old channel goes on: that message waits here for a slot, unacknowledged, so it
 * still counts on the work queue and the runner never exceeds its concurrency.
 */
export class RunSlots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  get running(): number {
    return this.used;
  }

  async acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiter, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.used--;
  }
}
