/**
 * The system packages of an image, layer by layer (ScanCode.io's
 * `scan_image_for_system_packages` over container-inspector's `get_installed_packages`): each
 * extracted layer directory is read on its own, bottom first, and a package is reported only in
 * the first layer where its purl appears (a later layer's database repeats what it inherited).
 * Its installed files are then to be found in that same layer. Also ScanCode.io's namespace rule
 * for a root's packages, and the checksum comparison behind `modified_resources`.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveTree } from '../archive/archive-tree';
import { isInside } from '../archive/safe-paths';
import type { AssemblyMessage, Dependency } from '../packages/assembly';
import { uidFor } from '../packages/assembly/records';
import { purlOf } from '../packages/package-data';
import { installedPackagesOfRoot, type InstalledFile, type InstalledPackage, type RootPackagesOptions } from './rootfs-packages';

export interface LayerRoot {
  /** The extracted layer directory (or the one its archive tree stands for). */
  dir: string;
  /** The layer's archive tree, when it is read in place. */
  tree?: ArchiveTree;
  /** The layer tag (`img-…-layer-NN-…`), carried to the packages found in it. */
  tag: string;
}

export interface LayerPackage extends InstalledPackage {
  /** Index of the layer (0 = bottom) whose database first lists the package. */
  layer: number;
  tag: string;
}

export interface ImagePackages {
  packages: LayerPackage[];
  dependencies: Dependency[];
  messages: AssemblyMessage[];
}

export async function installedPackagesOfLayers(layers: readonly LayerRoot[], opts: Omit<RootPackagesOptions, 'rootName' | 'tree'> = {}): Promise<ImagePackages> {
  const seen = new Set<string>();
  const out: ImagePackages = { packages: [], dependencies: [], messages: [] };
  for (const [layer, { dir, tag, tree }] of layers.entries()) {
    const found = await installedPackagesOfRoot(dir, { ...opts, tree });
    const kept = new Set<string>();
    for (const p of found.packages) {
      const purl = p.package.purl;
      if (purl && seen.has(purl)) continue;
      if (purl) seen.add(purl);
      kept.add(p.package.package_uid);
      out.packages.push({ ...p, layer, tag });
    }
    out.dependencies.push(...found.dependencies.filter((d) => d.for_package_uid === null || kept.has(d.for_package_uid)));
    out.messages.push(...found.messages);
  }
  return out;
}

/**
 * ScanCode.io's namespace rule for a root's system packages: when they carry several purl
 * namespaces and the most frequent is not the distro id, every package takes the distro id
 * (purl and package_uid recomputed). Returns how many packages were changed.
 */
export function alignNamespacesWithDistro(packages: readonly InstalledPackage[], distroId: string | null): number {
  if (!distroId) return 0;
  const counts = new Map<string, number>();
  for (const { package: p } of packages) if (p.namespace) counts.set(p.namespace, (counts.get(p.namespace) ?? 0) + 1);
  if (counts.size < 2) return 0;
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  if (top === distroId) return 0;
  let changed = 0;
  for (const { package: p } of packages) {
    if (p.namespace === distroId) continue;
    p.namespace = distroId;
    const purl = purlOf({ type: p.type, namespace: distroId, name: p.name, version: p.version, qualifiers: p.qualifiers, subpath: p.subpath });
    const uuid = /[?&]uuid=([^&#]+)/.exec(p.package_uid)?.[1];
    if (purl) {
      p.purl = purl;
      if (uuid) p.package_uid = uidFor(purl, decodeURIComponent(uuid));
    }
    changed += 1;
  }
  return changed;
}

const HASH_TYPES = ['sha512', 'sha256', 'sha1', 'md5'] as const;
export type ChecksumType = (typeof HASH_TYPES)[number];

/**
 * ScanCode.io's `has_hash_diff`: whether a file differs from what the package database recorded
 * for it, by the strongest checksum both have (none in common: not "modified").
 */
export function checksumDiffers(recorded: InstalledFile, actual: Partial<Record<ChecksumType, string | null>>): boolean {
  const type = HASH_TYPES.find((t) => recorded[t] && actual[t]);
  return type !== undefined && recorded[type] !== actual[type];
}

/**
 * The installed files of a package whose content differs from what the database recorded, by
 * the strongest hash both have (ScanCode.io's `has_hash_diff`). Files missing, unreadable,
 * outside the root or without a recorded hash are not "modified".
 */
export async function modifiedInstalledFiles(rootDir: string, files: readonly InstalledFile[]): Promise<string[]> {
  const rootReal = await realpath(rootDir);
  const out: string[] = [];
  for (const file of files) {
    const type = HASH_TYPES.find((t) => file[t]);
    if (!type) continue;
    const path = join(rootReal, file.path);
    const st = await lstat(path).catch(() => null);
    const real = st?.isFile() ? await realpath(path).catch(() => null) : null;
    // A parent directory may be a link: read only what really lies inside the root.
    if (!real || !isInside(rootReal, real)) continue;
    const hash = createHash(type);
    for await (const chunk of createReadStream(real)) hash.update(chunk as Buffer);
    if (checksumDiffers(file, { [type]: hash.digest('hex') })) out.push(file.path);
  }
  return out;
}
