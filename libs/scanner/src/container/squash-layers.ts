/**
 * The root filesystem a container sees, built from extracted layer directories (bottom first):
 * every entry no upper layer hides is copied to the target, markers never are. This is
 * container-inspector's `rebuild_rootfs` (which ScanCode.io's pipeline does not use) done from
 * the whiteout computation instead of by deleting and overwriting, so what is hidden is also
 * reported. Symlinks are copied as links (the layer extraction made them relative and contained).
 */
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readlink, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { walkTree } from '../scan/walk';
import { hiddenLayerPaths, type HiddenPath, type LayerEntry } from './whiteouts';

/** The entries of an extracted layer directory, parents before children, names sorted. */
export async function listLayerEntries(layerDir: string): Promise<LayerEntry[]> {
  const out: LayerEntry[] = [];
  for await (const e of walkTree(layerDir, '')) {
    if (e.path === '') continue;
    out.push({ path: e.path.slice(1), type: e.type });
  }
  return out;
}

export interface SquashResult {
  /** Entries written to the target (directories, files and symlinks). */
  entries: number;
  /** What the stacking hid, per layer (markers included). */
  hidden: HiddenPath[];
}

export async function squashLayers(layerDirs: readonly string[], targetDir: string): Promise<SquashResult> {
  const layers = await Promise.all(layerDirs.map(listLayerEntries));
  const hidden = hiddenLayerPaths(layers);
  const hiddenByLayer = layerDirs.map(() => new Set<string>());
  for (const h of hidden) hiddenByLayer[h.layer].add(h.path);
  await mkdir(targetDir, { recursive: true });
  let entries = 0;
  for (const [i, layer] of layers.entries()) {
    for (const entry of layer) {
      if (hiddenByLayer[i].has(entry.path)) continue;
      await copyEntry(join(layerDirs[i], entry.path), join(targetDir, entry.path), entry, targetDir);
      entries += 1;
    }
  }
  return { entries, hidden };
}

async function copyEntry(source: string, dest: string, entry: LayerEntry, targetDir: string): Promise<void> {
  // Visible entries never sit below a visible non-directory, so the parent is a directory that
  // was written before; checked anyway, so a bug here can never write through a link.
  const parent = dirname(dest);
  if (parent !== targetDir && !(await lstat(parent)).isDirectory()) throw new Error(`squash: parent of ${entry.path} is not a directory`);
  switch (entry.type) {
    case 'directory':
      await mkdir(dest).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST' || !(await lstat(dest)).isDirectory()) throw e;
      });
      return;
    case 'symlink':
      await symlink(await readlink(source), dest);
      return;
    case 'file':
      // A copy-on-write clone where the file system has them, a plain copy elsewhere.
      await copyFile(source, dest, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      return;
  }
}
