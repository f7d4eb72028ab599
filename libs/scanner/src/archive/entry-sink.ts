/** Entry data as format readers hand it over: any stream or generator of bytes. */
export type EntryContent = AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>;

/**
 * What format readers feed entries into. Every method fully consumes `content` (writing or draining
 * it), so a streaming reader can move on to the next header right after the call returns. A method
 * rejects only when the archive has to stop (a limit was crossed, or reading the content failed);
 * refused entries are recorded as problems and resolve normally.
 */
/** Where a member's bytes are in its archive file, for a sink that reads them in place. */
export interface MemberPlace {
  /** The archive file. */
  source: string;
  /** Where the member's data starts (past its local header). */
  offset: number;
  /** Its size once inflated. */
  size: number;
  /** Raw-deflated in this many bytes; absent for a stored member. */
  deflated?: number;
  crc32: number;
}

export interface EntrySink {
  file(name: string, content: EntryContent, mode?: number): Promise<void>;
  /**
   * Optional: a file whose bytes stay where they are in the archive (a zip's stored or deflated
   * member), to be read later. A sink without it gets every file's content through `file`.
   */
  fileInPlace?(name: string, place: MemberPlace, mode?: number): Promise<void>;
  directory(name: string): Promise<void>;
  symlink(name: string, target: string): Promise<void>;
  /** `target` is another entry's name in the same archive. */
  hardlink(name: string, target: string): Promise<void>;
  /** An entry not extracted on purpose (device, FIFO, socket, unsupported): a warning. */
  skip(name: string, reason: string, content?: EntryContent): Promise<void>;
  problem(reason: string, entry?: string, severity?: 'warning' | 'error'): void;
}

export async function drain(content: EntryContent): Promise<void> {
  for await (const _ of content) {
    // discarded
  }
}
