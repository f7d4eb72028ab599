import type { Readable } from 'node:stream';
import type { ResourceRepository, StoredFileRow } from '@sca/persistence';
import { unpackBytes, type ObjectStorage } from '@sca/storage';

/** A file of the stored codebase, its bytes readable once, in order, before the next file is asked for. */
export interface StoredFile {
  kind: 'stored';
  path: string;
  size: number;
  /** Hands the file's bytes to `sink`, in order. Unread bytes are skipped when the next file is asked for. */
  read(sink: (bytes: Buffer) => Promise<unknown> | void): Promise<void>;
}

/** A file resource whose bytes were never stored (a project loaded from a scan). */
export interface UnstoredFile {
  kind: 'not-stored';
  path: string;
}

/** Reads a stream front to back: skip bytes, or hand the next n bytes to a sink. */
class ByteCursor {
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);

  constructor(stream: Readable, private readonly what: string) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  async take(length: number, sink: (bytes: Buffer) => Promise<unknown> | void): Promise<void> {
    for (let left = length; left > 0;) {
      if (this.pending.length === 0) {
        const next = await this.chunks.next();
        if (next.done) throw new Error(`${this.what} ended ${left} bytes early`);
        this.pending = next.value;
      }
      const part = this.pending.subarray(0, Math.min(left, this.pending.length));
      this.pending = this.pending.subarray(part.length);
      left -= part.length;
      await sink(part);
    }
  }

  async close(): Promise<void> {
    await this.chunks.return?.();
  }
}

/** One pack being read: from the offset of its first file to its end, front to back, once. */
class PackRead {
  private cursor: ByteCursor | null = null;
  private position = 0;

  constructor(private readonly storage: ObjectStorage, readonly key: string) {}

  /**
   * Moves to the file's offset (skipping what lies between) and hands its bytes to `sink`. A file
   * that starts before what was read already (hard links of a layer kept as a copy of its input
   * share their bytes) is read again from a new stream at its offset.
   */
  async read(pack: NonNullable<StoredFileRow['pack']>, path: string, sink: (bytes: Buffer) => Promise<unknown> | void): Promise<void> {
    if (pack.size === 0) return;
    const length = pack.deflated ?? pack.size;
    if (this.cursor && pack.offset < this.position) {
      await this.cursor.close();
      this.cursor = null;
    }
    if (!this.cursor) {
      this.cursor = new ByteCursor(await this.storage.getStream(this.key, { start: pack.offset }), `Codebase pack ${this.key}`);
      this.position = pack.offset;
    }
    await this.cursor.take(pack.offset - this.position, () => undefined);
    this.position = pack.offset;
    if (pack.deflated === null) await this.cursor.take(pack.size, sink);
    else {
      // A member of a stored input zip: inflated whole (members too large for that were packed as plain bytes).
      const raw: Buffer[] = [];
      await this.cursor.take(length, (bytes) => void raw.push(bytes));
      await sink(unpackBytes(pack, Buffer.concat(raw)));
    }
    this.position += length;
  }

  close(): Promise<void> {
    return this.cursor?.close() ?? Promise.resolve();
  }
}

/**
 * The project's stored codebase, file by file, as the runs kept it (one pack object per run and
 * the copies of inputs read in place, see codebase-pack.ts): each pack is read once, front to back, from its first file's offset,
 * and each file's bytes are handed out when the consumer reads them, so nothing but the file in
 * hand is held. Files come in pack order (empty files first at a shared offset); the files
 * whose bytes were never stored come last. A database cursor is open until the iteration ends.
 */
export async function* storedCodebaseFiles(resources: ResourceRepository, storage: ObjectStorage): AsyncGenerator<StoredFile | UnstoredFile> {
  let pack = null as PackRead | null;
  try {
    for await (const row of resources.storedFiles()) {
      if (!row.pack) {
        yield { kind: 'not-stored', path: row.path };
        continue;
      }
      if (pack?.key !== row.pack.key) {
        await pack?.close();
        pack = new PackRead(storage, row.pack.key);
      }
      const current: PackRead = pack;
      const entry = row.pack;
      let read = false;
      const file: StoredFile = {
        kind: 'stored',
        path: row.path,
        size: entry.size,
        read: (sink) => {
          if (read) throw new Error(`${row.path} was read already`);
          read = true;
          return current.read(entry, row.path, sink);
        },
      };
      yield file;
    }
  } finally {
    await pack?.close();
  }
}
