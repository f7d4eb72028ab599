/**
 * The distro of a root filesystem directory (container-inspector's `Distro.from_rootfs`):
 * Linux from `etc/os-release`, else `usr/lib/os-release`; Windows from its well-known top-level
 * directories; merged over a base distro taken from an image config. For an image, the bottom
 * layer is the root that is read, as ScanCode.io does.
 */
import { opendir, readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from '../archive/safe-paths';
import { distroFromOsReleaseFields, emptyDistro, mergeDistro, type DistroRecord } from '../packages/distro/distro-record';
import { parseOsRelease } from '../packages/distro/os-release';
import type { ContainerImage } from './image-model';

const OS_RELEASE_PATHS = ['etc/os-release', 'usr/lib/os-release'];
const WINDOWS_PATHS = new Set(['Program Files', 'Program Files(x86)', 'Windows', 'ProgramData', 'Users', '$Recycle.Bin', 'PerfLogs', 'System Volume Information']);
const MAX_OS_RELEASE_BYTES = 64 * 1024;

/**
 * A regular file below `rootReal` by real path, or null: a symlink (`etc/os-release ->
 * ../usr/lib/os-release`) is followed only while it stays inside the root.
 */
export async function fileInsideRoot(rootReal: string, rel: string): Promise<string | null> {
  const real = await realpath(join(rootReal, rel)).catch(() => null);
  if (real === null || !isInside(rootReal, real)) return null;
  return (await stat(real)).isFile() ? real : null;
}

async function linuxDistro(rootReal: string): Promise<DistroRecord | null> {
  for (const rel of OS_RELEASE_PATHS) {
    const path = await fileInsideRoot(rootReal, rel);
    if (!path) continue;
    const content = await readFile(path);
    return distroFromOsReleaseFields(parseOsRelease(content.subarray(0, MAX_OS_RELEASE_BYTES).toString('utf8')));
  }
  return null;
}

/** container-inspector's `find_root`: a directory within 3 levels holding 2 of Windows' root names. */
async function hasWindowsRoot(dir: string, depth = 0): Promise<boolean> {
  if (depth > 3) return false;
  const names: string[] = [];
  const subdirs: string[] = [];
  for await (const d of await opendir(dir)) {
    names.push(d.name);
    if (d.isDirectory()) subdirs.push(d.name);
  }
  if (names.filter((n) => WINDOWS_PATHS.has(n)).length >= 2) return true;
  for (const sub of subdirs.sort()) if (await hasWindowsRoot(join(dir, sub), depth + 1)) return true;
  return false;
}

/**
 * The distro found at `rootDir`, merged over `base` when given; null when nothing says which OS
 * this is. Throws when the base (an image config) names another OS than the one found.
 */
export async function distroOfRootfs(rootDir: string, base: DistroRecord | null = null): Promise<DistroRecord | null> {
  const rootReal = await realpath(rootDir);
  let found = await linuxDistro(rootReal);
  if (!found && (await hasWindowsRoot(rootReal))) found = { ...emptyDistro(), os: 'windows', identifier: 'windows' };
  if (!found) return null;
  if (!base) return found;
  // container-inspector raises on any difference; a config without `os` is only silent here.
  if (base.os && base.os !== found.os) throw new Error(`Inconsistent base distro OS: ${base.os} and found distro OS: ${found.os}`);
  return mergeDistro(base, found);
}

/**
 * `Image.get_and_set_distro`: the image config's os, architecture and os.version, merged with
 * the distro of the extracted bottom layer. Sets and returns `image.distro`.
 */
export async function detectImageDistro(image: ContainerImage): Promise<DistroRecord | null> {
  const bottom = image.layers[0];
  if (!bottom?.extractedLocation) throw new Error('The image has not been extracted.');
  const base: DistroRecord = { ...emptyDistro(), os: image.os, architecture: image.architecture };
  if (image.os_version) base.version = image.os_version;
  image.distro = await distroOfRootfs(bottom.extractedLocation, base);
  return image.distro;
}
