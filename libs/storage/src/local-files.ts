import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { assertRelativePath } from './object-key';
import { InvalidKeyError } from './storage.errors';

/**
 * Yields the '/'-separated relative path of every regular file under `root`, depth first. Symlinks
 * are skipped rather than followed: an extracted archive can plant a link to /etc or to a parent
 * directory, and following it would upload files from outside the codebase or loop forever.
 * Sockets, FIFOs and devices are skipped too, since reading them blocks or means nothing.
 */
export async function* walkFiles(root: string, base = ''): AsyncGenerator<string> {
  // readdir (not opendir) because it lstat()s entries whose type the file system doesn't report.
  const entries = await readdir(base ? join(root, base) : root, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isFile()) yield rel;
    else if (entry.isDirectory()) yield* walkFiles(root, rel);
  }
}

/**
 * Maps a key's path relative to a downloaded prefix onto `localDir`, refusing anything that would
 * land outside it. Keys come from the bucket, which other writers share, so they are not trusted.
 */
export function localPathFor(localDir: string, relPath: string): string {
  assertRelativePath(relPath);
  const root = resolve(localDir);
  const target = resolve(root, ...relPath.split('/'));
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) {
    throw new InvalidKeyError(relPath, 'resolves outside the target directory');
  }
  return target;
}
