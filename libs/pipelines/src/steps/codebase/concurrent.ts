/**
 * Runs `work` over a stream of items with at most `limit` in flight, in input order of
 * submission; results are handed to `onResult` as they finish. Memory is bounded by `limit`,
 * not by the stream, so a cursor over a million resources feeds a worker pool in flat memory.
 */
export async function forEachConcurrent<T, R>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<R>, onResult: (item: T, result: R) => Promise<void> | void): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  for await (const item of items) {
    if (failure) break;
    const p: Promise<void> = work(item)
      .then((r) => onResult(item, r))
      .catch((e: unknown) => {
        failure ??= e;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= limit) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
}
