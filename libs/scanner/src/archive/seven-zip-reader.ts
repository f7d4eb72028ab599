import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ByteReader } from './byte-reader';
import type { EntrySink } from './entry-sink';
import { CorruptArchiveError, EntryError } from './extraction-errors';
import { sevenZipBinary } from './seven-zip-binary';

interface SevenZipEntry {
  path: string;
  size: number;
  /** Unix mode string such as "lrwxrwxrwx" when the archive stores one. */
  unixMode: string;
  directory: boolean;
}

// A wrong password makes 7-Zip fail instead of waiting for one on a terminal.
const COMMON_ARGS = ['-y', '-bd', '-pscan-no-password'];
const ENV = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };

/**
 * Reads a 7z archive with the 7-Zip binary, still entry by entry through the sink: the technical
 * listing (`l -slt`) gives names, sizes and types in archive order, and `x -so` writes every file's
 * data to stdout in that same order, so the output is cut by size. 7-Zip never writes to disk itself,
 * so its own path handling cannot be abused and the byte budget can stop a bomb mid-stream.
 */
export async function readSevenZip(path: string, sink: EntrySink): Promise<void> {
  const binary = await sevenZipBinary();
  const entries = await list(binary, path);
  const child = spawn(binary, ['x', '-so', ...COMMON_ARGS, '--', path], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = exitOf(child);
  try {
    const reader = ByteReader.of(child.stdout);
    // Start reading at once: a child that exits while nobody listens has its unread stdout discarded.
    await reader.atEnd();
    for (const entry of entries) {
      const kind = entry.directory ? 'd' : entry.unixMode[0] ?? '-';
      if (kind === 'd') await sink.directory(entry.path);
      else if (kind === 'l') await sink.symlink(entry.path, (await reader.read(entry.size)).toString('utf8'));
      else if (kind === '-') await sink.file(entry.path, reader.chunks(entry.size), modeOf(entry.unixMode));
      else await sink.skip(entry.path, 'device, FIFO or socket not extracted', reader.chunks(entry.size));
    }
    if (!(await reader.atEnd())) throw new CorruptArchiveError('7-Zip output longer than its listing');
    await exit;
  } catch (error) {
    // Output that ends early means 7-Zip stopped on its own, and its message says why.
    if (!(error instanceof CorruptArchiveError || error instanceof EntryError)) {
      child.kill();
      throw error;
    }
    throw (await exit.then(() => null, (exitError: unknown) => exitError)) ?? error;
  }
}

async function list(binary: string, path: string): Promise<SevenZipEntry[]> {
  const child = spawn(binary, ['l', '-slt', ...COMMON_ARGS, '--', path], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  const exit = exitOf(child);
  const entries: SevenZipEntry[] = [];
  let inEntries = false;
  let current: Partial<Record<string, string>> = {};
  const flush = (): void => {
    if (current['Path'] !== undefined) {
      const attributes = current['Attributes'] ?? '';
      entries.push({
        path: current['Path'],
        size: Number(current['Size'] || 0),
        unixMode: attributes.split(' ')[1] ?? '',
        directory: current['Folder'] === '+' || attributes.startsWith('D'),
      });
    }
    current = {};
  };
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (line.startsWith('----------')) inEntries = true;
    else if (!inEntries) continue;
    else if (line === '') flush();
    else {
      const at = line.indexOf(' = ');
      if (at > 0) current[line.slice(0, at)] = line.slice(at + 3);
    }
  }
  flush();
  await exit;
  return entries;
}

function exitOf(child: ChildProcess): Promise<void> {
  const errors: string[] = [];
  child.stderr?.on('data', (data: Buffer) => errors.push(data.toString('utf8')));
  const exit = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const detail = errors.join('').split('\n').map((line) => line.trim()).filter(Boolean).slice(-2).join('; ');
      reject(new CorruptArchiveError(`7-Zip failed (${signal ?? `exit ${code}`}): ${detail || 'no details'}`));
    });
  });
  // Awaited later, possibly after it settles: mark it handled now so a failure is not reported twice.
  exit.catch(() => undefined);
  return exit;
}

function modeOf(unixMode: string): number {
  return unixMode[3] === 'x' ? 0o755 : 0o644;
}
