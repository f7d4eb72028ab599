import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { decodeIndex } from './index-codec';
import type { IndexData } from './index-data';

/** Where `npm run build` writes the license index, relative to dist/. */
export const INDEX_FILE = join('licensedb', 'license-index.bin');

let shared: SharedArrayBuffer | null = null;

/**
 * The built index file: $LICENSE_INDEX_FILE, else dist/licensedb/license-index.bin found from
 * this module (inside dist/ or, from the TypeScript sources, the repository's dist/).
 */
export function licenseIndexPath(): string {
  const env = process.env['LICENSE_INDEX_FILE'];
  if (env) return env;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    for (const candidate of [join(dir, INDEX_FILE), join(dir, 'dist', INDEX_FILE)]) if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) break;
  }
  throw new Error(`license index not built (${INDEX_FILE} not found from ${__dirname}): run npm run build`);
}

/**
 * The index file's bytes in one SharedArrayBuffer, read once per process: worker threads receive
 * it (useLicenseIndexBuffer) instead of reading and holding a copy each.
 */
export function licenseIndexBuffer(): SharedArrayBuffer {
  if (shared) return shared;
  const fd = openSync(licenseIndexPath(), 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = new SharedArrayBuffer(size);
    const view = new Uint8Array(buffer);
    for (let done = 0; done < size; ) {
      const n = readSync(fd, view, done, size - done, done);
      if (n === 0) throw new Error('license index file truncated while reading');
      done += n;
    }
    shared = buffer;
    return buffer;
  } finally {
    closeSync(fd);
  }
}

/** A worker thread takes its parent's index bytes. */
export function useLicenseIndexBuffer(buffer: SharedArrayBuffer): void {
  shared = buffer;
}

export function loadIndexData(): IndexData {
  return decodeIndex(licenseIndexBuffer());
}

/** A file built next to the index (the license table, the license texts). */
export function licenseDataFile(name: string): string {
  return join(dirname(licenseIndexPath()), name);
}
