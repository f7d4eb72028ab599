import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import type { ResourceRepository, StoredFileRow } from '@sca/persistence';
import { localPathFor, type ObjectStorage } from '@sca/storage';

/** A file put back on disk from the codebase packs. */
export interface RestoredFile {
  path: string;
  absPath: string;
  size: number;
}

export interface RestoredCodebase {
  files: RestoredFile[];
  bytes: number;
  /** File resources whose bytes were never stored (a project loaded from a scan). */
  notStored: string[];
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

/** Writes the files of one pack, in offset order, from a single ranged read of it. */
async function restorePack(storage: ObjectStorage, target: string, key: string, entries: StoredFileRow[], made: Set<string>): Promise<RestoredFile[]> {
  const first = entries[0].pack!.offset;
  const last = entries[entries.length - 1].pack!;
  const end = last.offset + last.size;
  const cursor = end > first ? new ByteCursor(await storage.getStream(key, { start: first, end: end - 1 }), `Codebase pack ${key}`) : null;
  const restored: RestoredFile[] = [];
  let position = first;
  try {
    for (const entry of entries) {
      const { offset, size } = entry.pack!;
      // An empty file has the offset of the file after it, and may come after that file here
      // (the rows are in offset order, ties by path, not the walk order the pack was written in).
      if (offset < position && size > 0) throw new Error(`Codebase pack ${key}: ${entry.path} overlaps the file before it (offset ${offset}, read up to ${position})`);
      if (offset > position) await cursor?.take(offset - position, () => undefined);
      const absPath = localPathFor(target, entry.path);
      const dir = dirname(absPath);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      const file = await open(absPath, 'wx');
      try {
        await cursor?.take(size, (bytes) => file.write(bytes));
      } finally {
        await file.close();
      }
      position = Math.max(position, offset + size);
      restored.push({ path: entry.path, absPath, size });
    }
  } finally {
    await cursor?.close();
  }
  return restored;
}

/**
 * Puts the project's stored codebase back on disk under `target` (an empty directory): each
 * pack object is read once, front to back, and its files written at their resource paths. A run
 * starts with an empty codebase/, so an add-on pipeline that reads file contents (as ScanCode.io's
 * do from the project's codebase/ directory) restores it first; `target` is not codebase/, so
 * the run does not store these files again as a pack of its own.
 */
export async function restoreCodebase(resources: ResourceRepository, storage: ObjectStorage, target: string): Promise<RestoredCodebase> {
  await mkdir(target, { recursive: true });
  const files: RestoredFile[] = [];
  const notStored: string[] = [];
  const made = new Set<string>();
  let group: StoredFileRow[] = [];
  const flush = async () => {
    if (group.length > 0) files.push(...(await restorePack(storage, target, group[0].pack!.key, group, made)));
    group = [];
  };
  for await (const row of resources.storedFiles()) {
    if (!row.pack) {
      notStored.push(row.path);
      continue;
    }
    if (group.length > 0 && group[0].pack!.key !== row.pack.key) await flush();
    group.push(row);
  }
  await flush();
  return { files, bytes: files.reduce((n, f) => n + f.size, 0), notStored };
}
