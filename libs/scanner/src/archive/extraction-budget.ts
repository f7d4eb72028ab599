import { LimitExceededError } from './extraction-errors';
import type { ExtractionLimits } from './extraction-types';

/**
 * The ratio limit is judged only past this much output: a 40-byte .bz2 of 100 KB of zeros has a
 * ratio above 2000 but is no threat, while a real bomb passes this floor within milliseconds.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Bytes written by a whole run (a recursive walk shares one across all its archives). */
export interface SharedTotal {
  bytes: number;
}

/** Counts one archive's entries and output bytes against the limits; throws when one is crossed. */
export class ExtractionBudget {
  bytes = 0;
  entries = 0;

  constructor(
    private readonly limits: ExtractionLimits,
    private readonly archiveSize: number,
    private readonly total: SharedTotal,
    private readonly signal?: AbortSignal,
  ) {}

  get aborted(): boolean {
    return this.signal?.aborted ?? false;
  }

  addEntry(): void {
    this.signal?.throwIfAborted();
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) {
      throw new LimitExceededError(`more than ${this.limits.maxEntries} entries; extraction stopped`);
    }
  }

  /** Called before `count` bytes are written, so a refused chunk never reaches the disk. */
  addBytes(count: number): void {
    this.signal?.throwIfAborted();
    this.bytes += count;
    this.total.bytes += count;
    if (this.total.bytes > this.limits.maxTotalBytes) {
      throw new LimitExceededError(
        `extracted size above the limit of ${this.limits.maxTotalBytes} bytes; extraction stopped`,
      );
    }
    if (this.bytes > RATIO_FLOOR_BYTES && this.bytes > this.archiveSize * this.limits.maxRatio) {
      throw new LimitExceededError(
        `decompression bomb: output is more than ${this.limits.maxRatio} times the archive size; extraction stopped`,
      );
    }
  }
}
