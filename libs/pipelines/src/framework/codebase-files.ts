/**
 * A run's codebase as steps read it: codebase/ on disk, with archive trees mounted on some of its
 * directories (an image layer read in place: its directory is empty on disk, its files are byte
 * ranges of the layer tar; see libs/scanner container/layer-trees). The step that mounts trees
 * saves them in the run's tmp/, so that every later step, and the codebase pack at the run's
 * end, sees the same codebase. Steps never build `join(codebase, path)` for a file they read
 * when the codebase may hold mounts: they ask `file(path)` (for the scan workers) or `read(path)`.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ArchiveTree, readRange, treeStats, walkTree, type ArchiveTreeJson, type FileRange, type TreeMounts, type WalkEntry } from '@sca/scanner';
import type { WorkDirs } from './step-context';

const MOUNTS_FILE = 'codebase-mounts.json';

interface SavedMount {
  /** The mounted directory, relative to codebase/. */
  dir: string;
  tree: ArchiveTreeJson;
}

/** Where a codebase file's bytes are: a file on disk, or a range of a mounted tree's source. */
export interface CodebaseFile {
  absPath: string;
  range?: FileRange;
  /** With `siblings` asked for, the files of a mounted file's directory (see FileScanTask.siblings). */
  siblings?: Record<string, FileRange>;
}

export class CodebaseFiles {
  constructor(
    /** codebase/ (absolute). */
    readonly dir: string,
    /** The mounted trees by absolute directory. */
    readonly mounts: TreeMounts,
  ) {}

  /** Every entry, `walkTree` order, named `<rootName>/...`; a mounted file carries its range. */
  walk(rootName: string): AsyncGenerator<WalkEntry> {
    return walkTree(this.dir, rootName, this.mounts);
  }

  stats(rootName: string): ReturnType<typeof treeStats> {
    return treeStats(this.dir, rootName, this.mounts);
  }

  /** The innermost mount holding a codebase path (an archive's tree inside another's wins), with the path inside its tree. */
  private mountOf(path: string): { tree: ArchiveTree; rel: string } | null {
    const abs = join(this.dir, path);
    for (let i = abs.lastIndexOf('/'); i > this.dir.length; i = abs.lastIndexOf('/', i - 1)) {
      const tree = this.mounts.get(abs.slice(0, i));
      if (tree) return { tree, rel: abs.slice(i + 1) };
    }
    return null;
  }

  /** The absolute path of a codebase path, with no lookup of where its bytes are. */
  absPath(path: string): string {
    return join(this.dir, path);
  }

  /** Where the file at a codebase path (relative to codebase/) is; with `siblings`, where its directory's files are too. */
  file(path: string, opts: { siblings?: boolean } = {}): CodebaseFile {
    const absPath = join(this.dir, path);
    const mount = this.mountOf(path);
    const range = mount?.tree.rangeOf(mount.rel);
    if (!range || !mount) return { absPath };
    return opts.siblings ? { absPath, range, siblings: mount.tree.filesBeside(mount.rel) } : { absPath, range };
  }

  /** The bytes of a codebase path (links followed; in a mount, only inside its tree), or null. */
  read(path: string): Buffer | null {
    const mount = this.mountOf(path);
    if (mount) {
      const range = mount.tree.resolveFile(mount.rel);
      return range ? readRange(range) : null;
    }
    try {
      return readFileSync(join(this.dir, path));
    } catch {
      return null;
    }
  }
}

const loaded = new WeakMap<WorkDirs, Promise<CodebaseFiles>>();

async function readMounts(dirs: WorkDirs): Promise<CodebaseFiles> {
  let saved: SavedMount[] = [];
  try {
    saved = JSON.parse(await readFile(join(dirs.tmp, MOUNTS_FILE), 'utf8')) as SavedMount[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return new CodebaseFiles(dirs.codebase, new Map(saved.map((m) => [join(dirs.codebase, m.dir), ArchiveTree.fromJSON(m.tree)])));
}

/** The run's codebase, with the trees mounted by an earlier step (read once per run). */
export function loadCodebaseFiles(dirs: WorkDirs): Promise<CodebaseFiles> {
  let files = loaded.get(dirs);
  if (!files) {
    files = readMounts(dirs);
    loaded.set(dirs, files);
  }
  return files;
}

/** Mounts trees on directories of codebase/ (absolute paths) for the rest of the run, replacing earlier mounts. */
export async function saveCodebaseMounts(dirs: WorkDirs, mounts: TreeMounts): Promise<void> {
  const saved: SavedMount[] = [...mounts].map(([dir, tree]) => ({ dir: relative(dirs.codebase, dir), tree: tree.toJSON() }));
  await writeFile(join(dirs.tmp, MOUNTS_FILE), JSON.stringify(saved));
  loaded.set(dirs, Promise.resolve(new CodebaseFiles(dirs.codebase, new Map(mounts))));
}
