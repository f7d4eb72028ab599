import { lstat } from 'node:fs/promises';
import { walkTree } from './walk';

export interface DirStats {
  files_count: number;
  dirs_count: number;
  size_count: number;
}

/**
 * A first, cheap pass (lstat only): per-directory file, directory and byte counts, which
 * ScanCode writes on directory records ahead of their content, and the total for progress.
 */
export async function treeStats(rootAbs: string, rootName: string): Promise<{ total: number; dirs: Map<string, DirStats>; topLevelDepth: number }> {
  const dirs = new Map<string, DirStats>();
  const children = new Map<string, { count: number; onlyChildDir: string | null }>();
  let total = 0;
  for await (const entry of walkTree(rootAbs, rootName)) {
    total++;
    const parent = entry.path.slice(0, Math.max(0, entry.path.lastIndexOf('/')));
    if (parent) {
      const c = children.get(parent) ?? { count: 0, onlyChildDir: null };
      c.count++;
      c.onlyChildDir = c.count === 1 && entry.type === 'directory' ? entry.path : null;
      children.set(parent, c);
    }
    if (entry.type === 'directory') dirs.set(entry.path, { files_count: 0, dirs_count: 0, size_count: 0 });
    const size = entry.type === 'file' ? (await lstat(entry.absPath)).size : 0;
    // Every ancestor directory counts this entry.
    for (let i = entry.path.lastIndexOf('/'); i > 0; i = entry.path.lastIndexOf('/', i - 1)) {
      const stats = dirs.get(entry.path.slice(0, i));
      if (!stats) continue;
      if (entry.type === 'file') {
        stats.files_count++;
        stats.size_count += size;
      } else if (entry.type === 'directory') stats.dirs_count++;
    }
  }
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
