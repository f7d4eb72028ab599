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
/** Entries walked between two turns of the event loop. */
const YIELD_EVERY = 256;

/**
 * One file's bytes, read synchronously in chunks (no thread-pool round trip per small file),
 * never through a link; a file of a mounted tree from its range.
 */
function* fileChunks(absPath: string, range?: FileRange): Generator<Buffer> {
  // A zip member is inflated and checked whole: members too large for memory were written out when mounted.
  if (range && (range.deflated !== undefined || range.crc32 !== undefined)) {
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
 * size: inputs cannot change once a run has started), by absolute path, with their keys; with
 * `codebaseDir`, the copies copy_inputs_to_codebase_directory made there too (same name, same size).
 */
async function storedInputs(storage: ObjectStorage, projectUuid: string, inputDir: string | undefined, codebaseDir: string | undefined): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!inputDir) return out;
  const names = await readdir(inputDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(inputDir, name);
    const local = await stat(path).catch(() => null);
    if (!local?.isFile()) continue;
    const key = storageKeys.input(projectUuid, name);
    if ((await storage.stat(key))?.size !== local.size) continue;
    out.set(path, key);
    const copy = codebaseDir ? await stat(join(codebaseDir, name)).catch(() => null) : null;
    if (copy?.isFile() && copy.size === local.size) out.set(join(codebaseDir as string, name), key);
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
  /**
   * The run's codebase/ directory: an input copied there (a zip, whose members are read in place
   * from that copy) is a stored input too, and so are the members' bytes inside it.
   */
  codebaseDir?: string;
}

/**
 * Keeps a run's codebase/ in storage as one object: the regular files concatenated in walk
 * order (symlinks skipped), and one `codebase_pack_entries` row per file with its offset and
 * size, so `file_content` reads a file with a byte range. Thousands of small objects cost far
 * more to upload than their bytes; one streamed object costs its bytes. A file that is a stored
 * input, or a range of one (see PackOptions), costs nothing: the store copies the input once,
 * without its bytes passing through the runner, and the file's entry points into that copy (an
 * image's layers are most of its codebase; a zip's members stay deflated there, their entries
 * saying so). A later run's pack takes over the paths it contains.
 */
export async function packCodebase(storage: ObjectStorage, db: DataSource, projectUuid: string, runUuid: string, codebase: CodebaseFiles, opts: PackOptions = {}): Promise<number> {
  const key = storageKeys.codebasePack(projectUuid, runUuid);
  const inputs = await storedInputs(storage, projectUuid, opts.inputDir, opts.codebaseDir);
  // The copies to make in the store, by their key: the input's key and the run's local file.
  const copies = new Map<string, { from: string; local: string }>();
  const copyKeys = new Map<string, string>();
  const copyOf = (local: string): string => {
    let copy = copyKeys.get(local);
    if (copy === undefined) {
      copy = storageKeys.codebasePackInput(projectUuid, runUuid, basename(local));
      copyKeys.set(local, copy);
      copies.set(copy, { from: inputs.get(local) as string, local });
    }
    return copy;
  };
  const entries: PackEntry[] = [];
  let offset = 0;
  let walked = 0;
  async function* packBytes(): AsyncGenerator<Buffer> {
    for await (const entry of codebase.walk('')) {
      // The walk of a mounted tree reads no file, so nothing else would run until it ended: the
      // pack is made while the next steps run, whose database answers wait on this thread.
      if (++walked % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (entry.type !== 'file') continue;
      const path = entry.path.slice(1);
      const range = entry.range;
      if (range && inputs.has(range.path)) {
        entries.push({ project_uuid: projectUuid, path, pack_key: copyOf(range.path), pack_offset: range.start, size: range.size, deflated_size: range.deflated ?? null });
        continue;
      }
      if (!range && inputs.has(entry.absPath)) {
        const { size } = await stat(entry.absPath);
        entries.push({ project_uuid: projectUuid, path, pack_key: copyOf(entry.absPath), pack_offset: 0, size, deflated_size: null });
        continue;
      }
      let size = 0;
      for (const chunk of fileChunks(entry.absPath, entry.range)) {
        size += chunk.length;
        yield chunk;
      }
      entries.push({ project_uuid: projectUuid, path, pack_key: key, pack_offset: offset, size, deflated_size: null });
      offset += size;
    }
  }
  await storage.putStream(key, Readable.from(packBytes()), { contentType: 'application/octet-stream' });
  for (const [copy, { from, local }] of copies) {
    const { size } = await storage.copy(from, copy);
    const localSize = (await stat(local)).size;
    if (size !== localSize) throw new Error(`Codebase pack: the stored input ${basename(local)} has ${size} bytes, the run's copy ${localSize}`);
  }
  await savePackEntries(db, entries);
  return entries.length;
}
