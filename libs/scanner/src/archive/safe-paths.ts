import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';

/**
 * Splits an archive entry name into safe path segments, or explains why it is refused. Entries that
 * would land outside the target (absolute paths, drive letters, `..` segments) are refused rather
 * than rewritten: a rewritten path would put the file somewhere the archive never meant, and the
 * refusal is reported as a problem instead.
 */
export function entrySegments(name: string): { segments: string[] } | { refused: string } {
  if (name.includes('\0')) return { refused: 'entry name contains a NUL byte' };
  if (name.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(name) || name.startsWith('\\\\')) {
    return { refused: 'absolute path refused' };
  }
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { refused: 'path with ".." segments refused (it could escape the target)' };
  if (segments.length === 0) return { refused: 'empty entry name' };
  return { segments };
}

export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Creates the directories `segments` below `root` (the real path of the target) and returns the real
 * path of the last one. A segment that is a symlink made by an earlier entry is followed only when it
 * resolves inside the root; anything else is refused, so no write ever goes through a link pointing out.
 */
export async function ensureDirectory(root: string, segments: string[]): Promise<string> {
  let current = root;
  for (const segment of segments) {
    current = join(current, segment);
    const stats = await lstat(current).catch(() => null);
    if (!stats) {
      await mkdir(current, { mode: 0o755 });
      continue;
    }
    if (stats.isDirectory()) continue;
    if (!stats.isSymbolicLink()) throw new PathRefusal(`"${segments.join('/')}" is in the way: a file exists there`);
    const resolved = await realpath(current).catch(() => null);
    if (!resolved || !isInside(root, resolved)) {
      throw new PathRefusal('parent directory is a symlink leading outside the target; entry refused');
    }
    if (!(await lstat(resolved)).isDirectory()) throw new PathRefusal('parent directory is a symlink to a file');
    current = resolved;
  }
  const real = await realpath(current);
  if (!isInside(root, real)) throw new PathRefusal('entry would be written outside the target; refused');
  return real;
}

/** A refused entry: reported as a problem while extraction goes on. */
export class PathRefusal extends Error {
  override readonly name = 'PathRefusal';
}

/**
 * `ensureDirectory` for the common case, synchronously (no thread-pool round trip per path
 * component) and remembering the directories it already made or checked: an archive of 20,000
 * files would otherwise cost a dozen asynchronous calls per entry. Cached entries stay valid
 * because a later entry can never replace an existing directory (the writer refuses that).
 */
export function ensureDirectorySync(root: string, segments: string[], known: Map<string, string>): string {
  let current = root;
  let key = '';
  for (const segment of segments) {
    key = key ? `${key}/${segment}` : segment;
    const cached = known.get(key);
    if (cached) {
      current = cached;
      continue;
    }
    current = join(current, segment);
    const stats = lstatOrNull(current);
    if (!stats) mkdirSync(current, { mode: 0o755 });
    else if (!stats.isDirectory()) {
      if (!stats.isSymbolicLink()) throw new PathRefusal(`"${segments.join('/')}" is in the way: a file exists there`);
      let resolved: string | null = null;
      try {
        // The native call: Node's JS realpathSync resolves `..` after a link lexically (`a -> .`, `b -> a/..`).
        resolved = realpathSync.native(current);
      } catch {
        resolved = null;
      }
      if (!resolved || !isInside(root, resolved)) throw new PathRefusal('parent directory is a symlink leading outside the target; entry refused');
      if (!lstatSync(resolved).isDirectory()) throw new PathRefusal('parent directory is a symlink to a file');
      current = resolved;
    }
    if (!isInside(root, current)) throw new PathRefusal('entry would be written outside the target; refused');
    known.set(key, current);
  }
  return current;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
