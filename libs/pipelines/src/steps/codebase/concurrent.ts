/**
 * Runs `work` over a stream of items with at most `limit` in flight, in input order of
 * submission; results are handed to `onResult` as they finish. Memory is bounded by `limit`,
 * not by the stream, so a cursor over a million resources feeds a worker pool in flat memory.
 *
 * A full window waits for one slot to free, not with Promise.race over the window: a race adds
 * a reaction to every pending item, so each new item cost `limit` of them (256 per file of a
 * collection), all kept until their items ended.
 */
export async function forEachConcurrent<T, R>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<R>, onResult: (item: T, result: R) => Promise<void> | void): Promise<void> {
  let active = 0;
  let slotFreed: (() => void) | null = null;
  let failure: unknown = null;
  const settled = () => {
    active--;
    const wake = slotFreed;
    slotFreed = null;
    wake?.();
  };
  const freeSlot = () => new Promise<void>((resolve) => (slotFreed = resolve));
  for await (const item of items) {
    active++;
    void work(item)
      .then((r) => onResult(item, r))
      .catch((e: unknown) => {
        failure ??= e;
      })
      .finally(settled);
    if (active >= limit) await freeSlot();
    // Checked before the next item is pulled: a failure ends the stream's reading too.
    if (failure) break;
  }
  while (active > 0) await freeSlot();
  if (failure) throw failure;
}
