/**
 * Path rewriting between scan paths and project resource paths.
 *
 * ScanCode-toolkit paths start with the scanned root (`is-npm-1.0.0.tgz-extract/package/index.js`);
 * ScanCode.io stores them without it (`package/index.js`). ScanCode.io's own scans use
 * `codebase/` as that root and strip it from package datafile paths and license match
 * `from_file` values.
 */

export function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/**
 * Drops the first path segment, like ScanCode.io's `pipes.strip_root`. A single-segment
 * path is kept: it names a single-file scan's only file, which would otherwise become ''.
 */
export function stripRoot(path: string): string {
  const clean = trimSlashes(path);
  const slash = clean.indexOf('/');
  return slash === -1 ? clean : clean.slice(slash + 1);
}

export function stripCodebasePrefix(path: string): string {
  return path.startsWith('codebase/') ? path.slice('codebase/'.length) : path;
}
