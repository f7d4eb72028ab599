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

type Listing = { name: string; type: WalkEntry['type'] }[];

/**
 * A directory's entries, sorted by name. One readdir per directory: an opendir iterator costs a
 * promise per entry, which made the walk of an 18,000-entry npm tree take longer than the
 * packages-only scan of it.
 */
async function listDirectory(dirAbs: string): Promise<Listing> {
  const names: Listing = [];
  for (const d of await readdir(dirAbs, { withFileTypes: true })) {
    if (d.isSymbolicLink()) names.push({ name: d.name, type: 'symlink' });
    else if (d.isDirectory()) names.push({ name: d.name, type: 'directory' });
    else if (d.isFile()) names.push({ name: d.name, type: 'file' });
    // sockets, FIFOs and devices are not content: skipped
  }
  return names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Subdirectories listed ahead of the walk: the disk works on them while the caller handles entries. */
const LOOKAHEAD = 4;

/** A listing started now and awaited later: its failure is raised where it is awaited, not as an unhandled rejection. */
function startListing(dirAbs: string): Promise<Listing> {
  const listing = listDirectory(dirAbs);
  listing.catch(() => undefined);
  return listing;
}

/**
 * A directory's content, from the disk or, for a mounted directory, from its archive tree (the
 * directory itself exists on disk, empty). The next few subdirectories are listed while the
 * entries before them are yielded.
 */
async function* walkDirectory(dirAbs: string, dirPath: string, mounts: TreeMounts, listing?: Promise<Listing>): AsyncGenerator<WalkEntry> {
  const mounted = mounts.get(dirAbs);
  if (mounted) {
    yield* treeEntries(mounted, dirAbs, dirPath, mounts);
    return;
  }
  const names = await (listing ?? listDirectory(dirAbs));
  const subdirs = names.filter((n) => n.type === 'directory' && !mounts.has(join(dirAbs, n.name)));
  const ahead = new Map<string, Promise<Listing>>();
  let next = 0;
  const prefetch = () => {
    for (; next < subdirs.length && ahead.size < LOOKAHEAD; next++) ahead.set(subdirs[next].name, startListing(join(dirAbs, subdirs[next].name)));
  };
  prefetch();
  for (const { name, type } of names) {
    const absPath = join(dirAbs, name);
    const path = `${dirPath}/${name}`;
    yield { path, absPath, type };
    if (type !== 'directory') continue;
    const own = ahead.get(name);
    ahead.delete(name);
    prefetch();
    yield* walkDirectory(absPath, path, mounts, own);
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
