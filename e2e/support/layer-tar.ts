import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

/** 2024-01-01T00:00:00Z: no entry of a test image is newer, so two builds of the same trees give the same bytes. */
export const LAYER_EPOCH = 1704067200;

export type TreeEntryType = 'file' | 'directory' | 'symlink' | 'other';

export interface TreeEntry {
  /** Relative path, as in a layer archive (`usr/bin/x`, no leading `./` or `/`). */
  path: string;
  type: TreeEntryType;
}

function entryType(abs: string): TreeEntryType {
  const st = lstatSync(abs);
  if (st.isDirectory()) return 'directory';
  if (st.isFile()) return 'file';
  if (st.isSymbolicLink()) return 'symlink';
  return 'other';
}

/** Every entry below `dir`, depth first, sorted by name as `tar --sort=name` writes them; symlinks are not followed. */
export function listTree(dir: string, prefix = ''): TreeEntry[] {
  const out: TreeEntry[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = prefix ? `${prefix}/${name}` : name;
    const type = entryType(join(dir, name));
    out.push({ path, type });
    if (type === 'directory') out.push(...listTree(join(dir, name), path));
  }
  return out;
}

/**
 * `dir` as a layer archive the way Docker writes one (entry names without `./`, no entry for the
 * root, PAX format, numeric owners, hard and symbolic links kept), made reproducible: sorted
 * entries, modification times clamped to LAYER_EPOCH, no access or change times, fixed names for
 * PAX extended headers. `rootOwned` records every entry as owned by 0:0.
 */
export function writeLayerTar(dir: string, out: string, opts: { rootOwned?: boolean } = {}): void {
  const top = readdirSync(dir).sort();
  const args = [
    '--create', `--file=${out}`, `--directory=${dir}`, '--sort=name', '--format=pax', '--numeric-owner',
    `--mtime=@${LAYER_EPOCH}`, '--clamp-mtime', '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
    ...(opts.rootOwned ? ['--owner=0', '--group=0'] : []),
    '--', ...top,
  ];
  execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Hex SHA-256 of a file, read in 1 MiB pieces. */
export function sha256File(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

export const sha256Text = (text: string): string => createHash('sha256').update(text).digest('hex');
