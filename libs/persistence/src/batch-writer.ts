/**
 * The one way records reach the database as they arrive: items are buffered and written in
 * batches of `size` through `write`, which may report how many rows it wrote.
 *
 * Safe under concurrent producers (the result callbacks of a worker pool): the buffer is
 * swapped for an empty one before a batch is written, so an item added during a write goes to
 * the next batch; writes run one at a time, in the order their batches were cut. By default a
 * failed write fails every later `add` and `flush` (a step must not carry on as if its results
 * were stored); with `retainOnFailure` the failed batch goes back to the front of the buffer and
 * is written again by the next flush (the run log, which must survive a database blip).
 */
export class BatchWriter<T> {
  private buffer: T[] = [];
  private queue: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private addedCount = 0;
  private writtenCount = 0;

  constructor(
    private readonly size: number,
    private readonly write: (batch: T[]) => Promise<number | void>,
    private readonly options: { retainOnFailure?: boolean } = {},
  ) {}

  /** Items handed to `add` so far. */
  get added(): number {
    return this.addedCount;
  }

  /** Rows the writes reported (items written, when `write` reports nothing). */
  get written(): number {
    return this.writtenCount;
  }

  /** Items waiting for the next write. */
  get buffered(): number {
    return this.buffer.length;
  }

  /** Buffers an item; when a batch is full, resolves once it is written (back-pressure for the producers). */
  async add(item: T): Promise<void> {
    this.throwIfFailed();
    this.buffer.push(item);
    this.addedCount++;
    if (this.buffer.length >= this.size) await this.flush();
  }

  /** Writes what is buffered now, after every batch cut before it; resolves when that is done. */
  flush(): Promise<void> {
    const batch = this.buffer;
    this.buffer = [];
    const done = this.queue.then(() => this.writeBatch(batch));
    this.queue = done.catch(() => undefined);
    return done;
  }

  private async writeBatch(batch: T[]): Promise<void> {
    this.throwIfFailed();
    if (batch.length === 0) return;
    try {
      const n = await this.write(batch);
      this.writtenCount += typeof n === 'number' ? n : batch.length;
    } catch (error) {
      if (this.options.retainOnFailure) this.buffer = [...batch, ...this.buffer];
      else this.failure = { error };
      throw error;
    }
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
