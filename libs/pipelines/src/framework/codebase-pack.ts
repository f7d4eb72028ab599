import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { savePackEntries, type PackEntry } from '@sca/persistence';
import { readRange, type FileRange } from '@sca/scanner';
import { ObjectStorage, storageKeys } from '@sca/storage';
import type { CodebaseFiles } from './codebase-files';

const READ_CHUNK = 1 << 20;

/**
 * One file's bytes, read synchronously in chunks (no thread-pool round trip per small file),
 * never through a link; a file of a mounted tree from its range.
 */
function* fileChunks(absPath: string, range?: FileRange): Generator<Buffer> {
  // A deflated zip member is inflated whole: members too large for memory were written out when mounted.
  if (range?.deflated !== undefined) {
    yield readRange(range);
    return;
  }
  const fd = range ? openSync(range.path, constants.O_RDONLY) : openSync(absPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const st = fstatSync(fd);
    if (!range && !st.isFile()) return;
    const start = range?.start ?? 0;
    const size = range?.size ?? st.size;
    for (let position = start; ; ) {
      // Sized to the file: a small file's bytes must not pin a 1 MiB buffer while the upload
      // collects thousands of them into a part.
      const want = Math.max(1, Math.min(READ_CHUNK, range ? start + size - position : size));
      if (range && position >= start + size) return;
      const buf = Buffer.allocUnsafe(want);
      const n = readSync(fd, buf, 0, want, position);
      if (n === 0) {
        if (range) throw new Error(`${absPath}: ${start + size - position} bytes missing from ${range.path}`);
        return;
      }
      position += n;
      yield n === want ? buf : Buffer.from(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Keeps a run's codebase/ in storage as one object: the regular files concatenated in walk
 * order (symlinks skipped), and one `codebase_pack_entries` row per file with its offset and
 * size, so `file_content` reads a file with a byte range. Thousands of small objects cost far
 * more to upload than their bytes; one streamed object costs its bytes. A later run's pack
 * takes over the paths it contains.
 */
export async function packCodebase(storage: ObjectStorage, db: DataSource, projectUuid: string, runUuid: string, codebase: CodebaseFiles): Promise<number> {
  const key = storageKeys.codebasePack(projectUuid, runUuid);
  const entries: PackEntry[] = [];
  let offset = 0;
  async function* packBytes(): AsyncGenerator<Buffer> {
    for await (const entry of codebase.walk('')) {
      if (entry.type !== 'file') continue;
      const path = entry.path.slice(1);
      let size = 0;
      for (const chunk of fileChunks(entry.absPath, entry.range)) {
        size += chunk.length;
        yield chunk;
      }
      entries.push({ project_uuid: projectUuid, path, pack_key: key, pack_offset: offset, size });
      offset += size;
    }
  }
  await storage.putStream(key, Readable.from(packBytes()), { contentType: 'application/octet-stream' });
  await savePackEntries(db, entries);
  return entries.length;
}
