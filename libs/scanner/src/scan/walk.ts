import { lstat, opendir } from 'node:fs/promises';
import { join } from 'node:path';

export interface WalkEntry {
  /** Path relative to the scan root's parent, as ScanCode writes it (`root/dir/file`). */
  path: string;
  absPath: string;
  type: 'file' | 'directory' | 'symlink';
}

/**
 * Walks a tree depth first with names sorted, directories before their content, without
 * following symlinks: the order of ScanCode-toolkit's `files` list. Memory holds one
 * directory listing per level, not the whole tree.
 */
export async function* walkTree(rootAbs: string, rootName: string): AsyncGenerator<WalkEntry> {
  const st = await lstat(rootAbs);
  const type = st.isSymbolicLink() ? 'symlink' : st.isDirectory() ? 'directory' : 'file';
  yield { path: rootName, absPath: rootAbs, type };
  if (type !== 'directory') return;
  yield* walkDirectory(rootAbs, rootName);
}

async function* walkDirectory(dirAbs: string, dirPath: string): AsyncGenerator<WalkEntry> {
  const names: { name: string; type: WalkEntry['type'] }[] = [];
  const dir = await opendir(dirAbs);
  for await (const d of dir) {
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
    if (type === 'directory') yield* walkDirectory(absPath, path);
  }
}
