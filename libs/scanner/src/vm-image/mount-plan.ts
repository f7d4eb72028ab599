/**
 * Which guest file systems to mount where before the guest tree is written out as one tar. The
 * names come from the guest (its fstab gives inspection's mountpoints), so they are checked before
 * they reach a guestfish command line: guestfish runs host commands on `!`, and a name that is
 * not a plain path is left out with a warning rather than quoted.
 */

export interface Mount {
  device: string;
  mountpoint: string;
  /** A required mount that fails fails the extraction; an optional one becomes a warning. */
  required: boolean;
}

export interface MountPlan {
  /** Mountpoints to create in the appliance first (guestfish `mkmountpoint`), for file systems side by side. */
  mountpoints: string[];
  /** In mounting order: a parent before what is mounted inside it. */
  mounts: Mount[];
  warnings: string[];
}

const DEVICE = /^\/dev\/[A-Za-z0-9._+:/-]+$/;
const MOUNTPOINT = /^\/[A-Za-z0-9._+@:/-]*$/;
/** list-filesystems types that hold no files to extract. */
const NOT_MOUNTABLE = new Set(['swap', 'unknown', '']);

/** An OS root found by inspection, with its other file systems where its fstab puts them. */
export function planForOsRoot(root: string, fstab: [mountpoint: string, device: string][]): MountPlan {
  const warnings: string[] = [];
  const mounts: Mount[] = [];
  for (const [mountpoint, device] of fstab) {
    if (!isDevice(device) || !isMountpoint(mountpoint)) {
      warnings.push(`file system ${JSON.stringify(device)} at ${JSON.stringify(mountpoint)} not mounted: not a plain device and path`);
      continue;
    }
    mounts.push({ device, mountpoint, required: mountpoint === '/' });
  }
  if (!mounts.some((mount) => mount.mountpoint === '/')) {
    if (!isDevice(root)) throw new Error(`inspection gave an OS root that is not a device: ${JSON.stringify(root)}`);
    mounts.push({ device: root, mountpoint: '/', required: true });
  }
  mounts.sort((a, b) => depth(a.mountpoint) - depth(b.mountpoint) || a.mountpoint.localeCompare(b.mountpoint));
  return { mountpoints: [], mounts, warnings };
}

/**
 * A disk with no operating system inspection recognises (a data disk, a bare root file system):
 * its one file system at the root of the tree, or each of several in a directory named after its
 * device (`sda1`, `vg0-data`).
 */
export function planForFileSystems(filesystems: [device: string, type: string][]): MountPlan {
  const warnings: string[] = [];
  const usable = filesystems.filter(([device, type]) => {
    if (NOT_MOUNTABLE.has(type)) return false;
    if (isDevice(device)) return true;
    warnings.push(`file system ${JSON.stringify(device)} not mounted: not a plain device name`);
    return false;
  });
  if (usable.length === 1) return { mountpoints: [], mounts: [{ device: usable[0][0], mountpoint: '/', required: true }], warnings };
  const mounts = usable.map(([device]) => ({ device, mountpoint: `/${device.slice('/dev/'.length).replaceAll('/', '-')}`, required: false }));
  return { mountpoints: mounts.map((mount) => mount.mountpoint), mounts, warnings };
}

/** `key: value` lines of guestfish's hash and list-of-pairs output. */
export function parsePairs(lines: string[]): [string, string][] {
  return lines.flatMap((line) => {
    const at = line.indexOf(': ');
    return at > 0 ? [[line.slice(0, at), line.slice(at + 2)] as [string, string]] : [];
  });
}

function isDevice(name: string): boolean {
  return DEVICE.test(name) && !name.split('/').includes('..');
}

function isMountpoint(path: string): boolean {
  return MOUNTPOINT.test(path) && !path.split('/').some((part) => part === '..' || part === '.');
}

function depth(mountpoint: string): number {
  return mountpoint === '/' ? 0 : mountpoint.split('/').length - 1;
}
