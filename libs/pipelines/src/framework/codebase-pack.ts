import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
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
 * The run's local inputs that are byte for byte the project's stored inputs (same name, same
 * size: inputs cannot change once a run has started), by absolute path, with their keys.
 */
async function storedInputs(storage: ObjectStorage, projectUuid: string, inputDir: string | undefined): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!inputDir) return out;
  const names = await readdir(inputDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(inputDir, name);
    const local = await stat(path).catch(() => null);
    if (!local?.isFile()) continue;
    const key = storageKeys.input(projectUuid, name);
    if ((await storage.stat(key))?.size === local.size) out.set(path, key);
  }
  return out;
}

export interface PackOptions {
  /**
   * The run's input/ directory: a file whose bytes are a plain range of one of its inputs (a
   * layer of an uncompressed image tarball, read in place) is not copied into the pack; the
   * input is copied inside the store instead and the file's entry points into that copy.
   */
  inputDir?: string;
}

/**
 * Keeps a run's codebase/ in storage as one object: the regular files concatenated in walk
 * order (symlinks skipped), and one `codebase_pack_entries` row per file with its offset and
 * size, so `file_content` reads a file with a byte range. Thousands of small objects cost far
 * more to upload than their bytes; one streamed object costs its bytes. A file that is a range
 * of a stored input (see PackOptions) costs nothing: the store copies the input once, without
 * its bytes passing through the runner (an image's layers are most of its codebase). A later
 * run's pack takes over the paths it contains.
 */
export async function packCodebase(storage: ObjectStorage, db: DataSource, projectUuid: string, runUuid: string, codebase: CodebaseFiles, opts: PackOptions = {}): Promise<number> {
  const key = storageKeys.codebasePack(projectUuid, runUuid);
  const inputs = await storedInputs(storage, projectUuid, opts.inputDir);
  const copies = new Map<string, string>();
  const entries: PackEntry[] = [];
  let offset = 0;
  async function* packBytes(): AsyncGenerator<Buffer> {
    for await (const entry of codebase.walk('')) {
      if (entry.type !== 'file') continue;
      const path = entry.path.slice(1);
      const range = entry.range;
      if (range && range.deflated === undefined && inputs.has(range.path)) {
        const copy = storageKeys.codebasePackInput(projectUuid, runUuid, basename(range.path));
        copies.set(range.path, copy);
        entries.push({ project_uuid: projectUuid, path, pack_key: copy, pack_offset: range.start, size: range.size });
        continue;
      }
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
  for (const [path, copy] of copies) {
    const { size } = await storage.copy(inputs.get(path) as string, copy);
    const local = (await stat(path)).size;
    if (size !== local) throw new Error(`Codebase pack: the stored input ${basename(path)} has ${size} bytes, the run's copy ${local}`);
  }
  await savePackEntries(db, entries);
  return entries.length;
}
