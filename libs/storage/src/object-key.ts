import { InvalidKeyError } from './storage.errors';

/** S3 limits keys to 1024 bytes of UTF-8. */
const MAX_KEY_BYTES = 1024;

/**
 * Throws unless every '/'-separated segment of `path` is a real name: no empty segment (which also
 * rules out a leading '/', i.e. an absolute path), no '.' or '..', no NUL. S3 itself would accept such
 * keys, but they alias or escape directories once a key becomes a local path (downloadPrefix, the
 * scratch directories of a run, and s3rver's own file store), so no key may contain them.
 */
export function assertRelativePath(path: string): void {
  if (path.length === 0) throw new InvalidKeyError(path, 'empty');
  if (path.includes('\0')) throw new InvalidKeyError(path, 'contains NUL');
  if (path.startsWith('/')) throw new InvalidKeyError(path, 'absolute path');
  for (const segment of path.split('/')) {
    if (segment === '') throw new InvalidKeyError(path, 'empty path segment');
    if (segment === '.' || segment === '..') throw new InvalidKeyError(path, `'${segment}' segment`);
  }
}

/** A full object key: a relative path within S3's length limit. */
export function assertObjectKey(key: string): void {
  assertRelativePath(key);
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    throw new InvalidKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  }
}

/** A listing prefix: empty (the whole bucket), or a key optionally ending with '/'. */
export function assertPrefix(prefix: string): void {
  if (prefix === '') return;
  assertObjectKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/**
 * Turns a prefix into a "directory" prefix ending with '/', so that `projects/a` never matches
 * `projects/ab/...` where a caller means a directory.
 */
export function toDirectoryPrefix(prefix: string): string {
  assertPrefix(prefix);
  return prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
}
