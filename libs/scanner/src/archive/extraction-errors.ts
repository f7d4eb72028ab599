/**
 * Errors that travel from format readers up to extractArchive, which turns them into problems.
 * They are distinct classes so that a limit stops the whole archive while a broken entry of a
 * random-access format (zip) only costs that entry.
 */

/** A limit (ratio, total bytes, entries) was crossed: the archive is stopped. */
export class LimitExceededError extends Error {
  override readonly name = 'LimitExceededError';
}

/** The archive's structure is broken or ends early. */
export class CorruptArchiveError extends Error {
  override readonly name = 'CorruptArchiveError';
}

/** Reading one entry's data failed; `entry` names it for the problem report. */
export class EntryError extends Error {
  override readonly name = 'EntryError';
  constructor(
    readonly entry: string,
    override readonly cause: unknown,
  ) {
    super(messageOf(cause));
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
