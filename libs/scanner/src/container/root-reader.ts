/**
 * A root file system read for its installed packages and its distro: a directory on disk (a
 * rootfs input, an extracted layer), or an image layer's archive tree read in place (mounted at
 * the directory it stands for). Both answer the same questions, never leaving the root: links
 * are followed only while they stay inside it.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { readRange, type ArchiveTree } from '../archive/archive-tree';
import { isInside } from '../archive/safe-paths';
import { treeEntries, walkTree, type WalkEntry } from '../scan/walk';

export interface RootReader {
  /** The directory the root is (or stands for). */
  readonly dir: string;
  /** Every entry named as `walkTree` names them (`<rootName>/...`), the root first. */
  entries(rootName: string): AsyncIterable<WalkEntry>;
  /** The real path of `rel` (relative to the root; '' is the root), or null when missing or leaving the root. */
  realPath(rel: string): string | null;
  /** The bytes of the regular file `rel` leads to inside the root, or null. */
  read(rel: string): Buffer | null;
  /** A directory's names, each with whether it is a directory itself (links are not). */
  list(rel: string): { name: string; directory: boolean }[];
}

/** An archive tree mounted at `dir`. */
export function treeRoot(dir: string, tree: ArchiveTree): RootReader {
  return {
    dir,
    async *entries(rootName) {
      yield { path: rootName, absPath: dir, type: 'directory' };
      yield* treeEntries(tree, dir, rootName);
    },
    realPath: (rel) => tree.realPathInside(rel),
    read(rel) {
      const range = tree.resolveFile(rel);
      return range ? readRange(range) : null;
    },
    list: (rel) => tree.list(rel).map((name) => ({ name, directory: tree.get(rel ? `${rel}/${name}` : name)?.type === 'directory' })),
  };
}

/** A directory on disk (its real path is taken once). */
export async function diskRoot(dir: string): Promise<RootReader> {
  const rootReal = await realpath(dir);
  const realPath = (rel: string): string | null => {
    try {
      const real = realpathSync(join(rootReal, rel));
      if (!isInside(rootReal, real)) return null;
      return real === rootReal ? '' : real.slice(rootReal.length + 1);
    } catch {
      return null;
    }
  };
  return {
    dir: rootReal,
    entries: (rootName) => walkTree(rootReal, rootName),
    realPath,
    read(rel) {
      const real = realPath(rel);
      if (real === null) return null;
      try {
        const path = join(rootReal, real);
        return statSync(path).isFile() ? readFileSync(path) : null;
      } catch {
        return null;
      }
    },
    list: (rel) => readdirSync(join(rootReal, rel), { withFileTypes: true }).map((d) => ({ name: d.name, directory: d.isDirectory() })),
  };
}

/** The reader of a root: its archive tree when it has one, else the directory. */
export function rootReader(dir: string, tree?: ArchiveTree): Promise<RootReader> {
  return tree ? Promise.resolve(treeRoot(dir, tree)) : diskRoot(dir);
}
