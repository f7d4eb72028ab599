import { lstatSync, readdirSync } from 'node:fs';
import type { ArchiveTree } from '../archive/archive-tree';
import type { TreeMounts } from './walk';

export interface DirStats {
  files_count: number;
  dirs_count: number;
  size_count: number;
}

/**
 * A first, cheap pass (directory listings and one lstat per file): per-directory file,
 * directory and byte counts, which ScanCode writes on directory records ahead of their
 * content, and the total for progress. Synchronous on purpose: it runs while the scan workers
 * boot, and tens of thousands of awaited lstat calls cost far more than the calls themselves.
 * Counts the same entries as `walkTree` (files, directories and symlinks; no other kinds),
 * mounted archive trees included. `sizes: false` leaves the byte counts at 0 and the files
 * unstatted, for a scan that writes no file info.
 */
export async function treeStats(rootAbs: string, rootName: string, mounts: TreeMounts = new Map(), opts: { sizes?: boolean } = {}): Promise<{ total: number; dirs: Map<string, DirStats>; topLevelDepth: number }> {
  const dirs = new Map<string, DirStats>();
  const sizes = opts.sizes ?? true;
  const children = new Map<string, { count: number; onlyChildDir: string | null }>();
  const st = lstatSync(rootAbs);
  if (!st.isDirectory() || st.isSymbolicLink()) return { total: 1, dirs, topLevelDepth: 1 };
  let total = 1;
  const rootStats: DirStats = { files_count: 0, dirs_count: 0, size_count: 0 };
  dirs.set(rootName, rootStats);
  /** Counts one directory's subtree into `stats` (and into every ancestor through the return). */
  const visit = (dirAbs: string, dirPath: string, stats: DirStats): void => {
    const mounted = mounts.get(dirAbs);
    if (mounted) return visitTree(mounted, dirAbs, '', dirPath, stats);
    let count = 0;
    let onlyChildDir: string | null = null;
    for (const d of readdirSync(dirAbs, { withFileTypes: true })) {
      const isDir = !d.isSymbolicLink() && d.isDirectory();
      if (!isDir && !d.isSymbolicLink() && !d.isFile()) continue; // sockets, FIFOs and devices: skipped by the walk too
      total++;
      count++;
      const absPath = `${dirAbs}/${d.name}`;
      const path = `${dirPath}/${d.name}`;
      onlyChildDir = count === 1 && isDir ? path : null;
      if (isDir) {
        const sub: DirStats = { files_count: 0, dirs_count: 0, size_count: 0 };
        dirs.set(path, sub);
        visit(absPath, path, sub);
        stats.files_count += sub.files_count;
        stats.dirs_count += sub.dirs_count + 1;
        stats.size_count += sub.size_count;
      } else if (d.isFile()) {
        stats.files_count++;
        if (sizes) stats.size_count += lstatSync(absPath).size;
      }
    }
    if (count > 0) children.set(dirPath, { count, onlyChildDir });
  };
  /** The same count over a directory of a mounted archive tree. */
  const visitTree = (tree: ArchiveTree, mountAbs: string, dir: string, dirPath: string, stats: DirStats): void => {
    let count = 0;
    let onlyChildDir: string | null = null;
    for (const name of tree.list(dir)) {
      const rel = dir ? `${dir}/${name}` : name;
      const node = tree.get(rel);
      const path = `${dirPath}/${name}`;
      total++;
      count++;
      onlyChildDir = count === 1 && node?.type === 'directory' ? path : null;
      if (node?.type === 'directory') {
        const sub: DirStats = { files_count: 0, dirs_count: 0, size_count: 0 };
        dirs.set(path, sub);
        // A directory of the tree with a tree of its own mounted (an archive inside the archive).
        const nestedAbs = `${mountAbs}/${rel}`;
        const nested = mounts.get(nestedAbs);
        if (nested) visitTree(nested, nestedAbs, '', path, sub);
        else visitTree(tree, mountAbs, rel, path, sub);
        stats.files_count += sub.files_count;
        stats.dirs_count += sub.dirs_count + 1;
        stats.size_count += sub.size_count;
      } else if (node?.type === 'file') {
        stats.files_count++;
        stats.size_count += node.size;
      }
    }
    if (count > 0) children.set(dirPath, { count, onlyChildDir });
  };
  visit(rootAbs, rootName, rootStats);
  return { total, dirs, topLevelDepth: topLevelDepth(rootName, children) };
}

/**
 * ScanCode's top level: a root holding a single directory (an npm tarball's `package/`) is
 * looked through, so the files of that directory are top-level (and can be key files).
 */
function topLevelDepth(rootName: string, children: Map<string, { count: number; onlyChildDir: string | null }>): number {
  let depth = 1;
  for (let dir = children.get(rootName)?.onlyChildDir; dir; dir = children.get(dir)?.onlyChildDir) depth++;
  return depth;
}
