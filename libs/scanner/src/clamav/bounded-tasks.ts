/**
 * Runs `task` for each item with at most `limit` in flight, pulling items lazily. On the first
 * failure no new task starts, the running ones are awaited, then the failure is rethrown: no
 * verdict is recorded after the caller has been told the scan failed. (libs/storage has the same
 * loop for transfers; the engine may not depend on it.)
 */
export async function forEachBounded<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, task: (item: T) => Promise<void>): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`the number of connections must be a positive integer, got ${limit}`);
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  try {
    for await (const item of items) {
      const run: Promise<void> = Promise.resolve()
        .then(() => task(item))
        .then(undefined, (error: unknown) => void (failure ??= { error }));
      running.add(run);
      void run.finally(() => running.delete(run));
      if (running.size >= limit) await Promise.race(running);
      if (failure) break;
    }
  } finally {
    await Promise.all(running);
  }
  if (failure) throw failure.error;
}
