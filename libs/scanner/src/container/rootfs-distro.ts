/**
 * The distro of a root filesystem directory (container-inspector's `Distro.from_rootfs`):
 * Linux from `etc/os-release`, else `usr/lib/os-release`; Windows from its well-known top-level
 * directories; merged over a base distro taken from an image config. For an image, the bottom
 * layer is the root that is read, as ScanCode.io does.
 */
import type { ArchiveTree } from '../archive/archive-tree';
import { distroFromOsReleaseFields, emptyDistro, mergeDistro, type DistroRecord } from '../packages/distro/distro-record';
import { parseOsRelease } from '../packages/distro/os-release';
import type { ContainerImage } from './image-model';
import { rootReader, type RootReader } from './root-reader';

const OS_RELEASE_PATHS = ['etc/os-release', 'usr/lib/os-release'];
const WINDOWS_PATHS = new Set(['Program Files', 'Program Files(x86)', 'Windows', 'ProgramData', 'Users', '$Recycle.Bin', 'PerfLogs', 'System Volume Information']);
const MAX_OS_RELEASE_BYTES = 64 * 1024;

function linuxDistro(root: RootReader): DistroRecord | null {
  for (const rel of OS_RELEASE_PATHS) {
    const content = root.read(rel);
    if (!content) continue;
    return distroFromOsReleaseFields(parseOsRelease(content.subarray(0, MAX_OS_RELEASE_BYTES).toString('utf8')));
  }
  return null;
}

/** container-inspector's `find_root`: a directory within 3 levels holding 2 of Windows' root names. */
function hasWindowsRoot(root: RootReader, dir = '', depth = 0): boolean {
  if (depth > 3) return false;
  const entries = root.list(dir);
  if (entries.filter((e) => WINDOWS_PATHS.has(e.name)).length >= 2) return true;
  const subdirs = entries.filter((e) => e.directory).map((e) => e.name).sort();
  for (const sub of subdirs) if (hasWindowsRoot(root, dir ? `${dir}/${sub}` : sub, depth + 1)) return true;
  return false;
}

/**
 * The distro found at `rootDir`, merged over `base` when given; null when nothing says which OS
 * this is. Throws when the base (an image config) names another OS than the one found.
 */
export async function distroOfRootfs(rootDir: string, base: DistroRecord | null = null, tree?: ArchiveTree): Promise<DistroRecord | null> {
  const root = await rootReader(rootDir, tree);
  let found = linuxDistro(root);
  if (!found && hasWindowsRoot(root)) found = { ...emptyDistro(), os: 'windows', identifier: 'windows' };
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
export async function detectImageDistro(image: ContainerImage, treeOf: (dir: string) => ArchiveTree | undefined = () => undefined): Promise<DistroRecord | null> {
  const bottom = image.layers[0];
  if (!bottom?.extractedLocation) throw new Error('The image has not been extracted.');
  const base: DistroRecord = { ...emptyDistro(), os: image.os, architecture: image.architecture };
  if (image.os_version) base.version = image.os_version;
  image.distro = await distroOfRootfs(bottom.extractedLocation, base, treeOf(bottom.extractedLocation));
  return image.distro;
}
