import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sevenZipBinary } from '../seven-zip-binary';

/** A scratch directory per test, removed afterwards. */
export async function scratchDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-spec-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function writeFixture(dir: string, name: string, data: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}

/** Every path below `dir` (directories with a trailing slash), sorted, relative to `dir`. */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      out.push(relative(dir, path) + (entry.isDirectory() ? '/' : ''));
      if (entry.isDirectory()) await walk(path);
    }
  };
  await walk(dir);
  return out.sort();
}

/** Runs the 7-Zip binary (used to create 7z, bzip2 and xz fixtures). */
export async function sevenZip(args: string[], cwd: string): Promise<void> {
  execFileSync(await sevenZipBinary(), args, { cwd, stdio: 'ignore' });
}
