/**
 * A map with a fixed capacity and a time to live per entry. Past the capacity the least recently
 * used entry goes, one at a time: a burst of new entries pushes out the oldest ones only, never
 * the whole cache at once. (A Map iterates in insertion order; a hit re-inserts its entry.)
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly capacity: number, private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
