import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveTree, FileRange } from '../archive/archive-tree';

export interface WalkEntry {
  /** Path relative to the scan root's parent, as ScanCode writes it (`root/dir/file`). */
  path: string;
  absPath: string;
  type: 'file' | 'directory' | 'symlink';
  /** A file of a mounted tree: where its bytes are (`absPath` only names it). */
  range?: FileRange;
}

/** Archive trees standing for directories of the walked tree, by absolute directory path. */
export type TreeMounts = ReadonlyMap<string, ArchiveTree>;

/**
 * Walks a tree depth first with names sorted, directories before their content, without
 * following symlinks: the order of ScanCode-toolkit's `files` list. Memory holds one
 * directory listing per level, not the whole tree.
 */
export async function* walkTree(rootAbs: string, rootName: string, mounts: TreeMounts = new Map()): AsyncGenerator<WalkEntry> {
  const st = await lstat(rootAbs);
  const type = st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : 'file';
  yield { path: rootName, absPath: rootAbs, type };
  if (type !== 'directory') return;
  yield* walkDirectory(rootAbs, rootName, mounts);
}

/**
 * A directory's content, from the disk or, for a mounted directory, from its archive tree (the
 * directory itself exists on disk, empty).
 */
async function* walkDirectory(dirAbs: string, dirPath: string, mounts: TreeMounts): AsyncGenerator<WalkEntry> {
  const mounted = mounts.get(dirAbs);
  if (mounted) {
    yield* treeEntries(mounted, dirAbs, dirPath, mounts);
    return;
  }
  const names: { name: string; type: WalkEntry['type'] }[] = [];
  // One listing per directory: an opendir iterator costs a promise per entry, which made the
  // walk of an 18,000-entry npm tree take longer than the packages-only scan of it.
  for (const d of await readdir(dirAbs, { withFileTypes: true })) {
    if (d.isSymbolicLink()) names.push({ name: d.name, type: 'symlink' });
    else if (d.isDirectory()) names.push({ name: d.name, type: 'directory' });
    else if (d.isFile()) names.push({ name: d.name, type: 'file' });
    // sockets, FIFOs and devices are not content: skipped
  }
  names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, type } of names) {
    const absPath = join(dirAbs, name);
    const path = `${dirPath}/${name}`;
    yield { path, absPath, type };
    if (type === 'directory') yield* walkDirectory(absPath, path, mounts);
  }
}

/**
 * The entries of a mounted archive tree, named as if it were extracted at `dirAbs`; a directory
 * of it on which another tree is mounted (an archive inside the archive) has that tree's entries.
 */
export function* treeEntries(tree: ArchiveTree, dirAbs: string, dirPath: string, mounts: TreeMounts = new Map(), dir = ''): Generator<WalkEntry> {
  for (const name of tree.list(dir)) {
    const rel = dir ? `${dir}/${name}` : name;
    const node = tree.get(rel);
    if (!node) continue;
    const absPath = join(dirAbs, rel);
    const path = `${dirPath}/${rel}`;
    const entry: WalkEntry = { path, absPath, type: node.type };
    if (node.type === 'file') entry.range = tree.rangeOf(rel) ?? undefined;
    yield entry;
    if (node.type !== 'directory') continue;
    const nested = mounts.get(absPath);
    if (nested) yield* treeEntries(nested, absPath, path, mounts);
    else yield* treeEntries(tree, dirAbs, dirPath, mounts, rel);
  }
}
