/**
 * Runs `task` for each item with at most `limit` tasks in flight and returns how many succeeded.
 * Items are pulled lazily, so a listing of a million keys is never materialised. On the first
 * failure no new task starts; the ones already running are awaited before the error is rethrown,
 * so nothing keeps writing after the caller has been told the operation failed.
 */
export async function forEachLimited<T>(
  items: AsyncIterable<T> | Iterable<T>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a positive integer, got ${limit}`);
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let done = 0;
  try {
    for await (const item of items) {
      const run: Promise<void> = Promise.resolve()
        .then(() => task(item))
        .then(
          () => void done++,
          (error: unknown) => void (failure ??= { error }),
        );
      running.add(run);
      void run.finally(() => running.delete(run));
      if (running.size >= limit) await Promise.race(running);
      if (failure) break;
    }
  } finally {
    // Also when the item source itself fails: let started tasks settle before reporting.
    await Promise.all(running);
  }
  if (failure) throw failure.error;
  return done;
}
