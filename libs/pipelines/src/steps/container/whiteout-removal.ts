import { hiddenLayerPaths, type ArchiveTree, type ContainerImage, type LayerEntry } from '@sca/scanner';

export interface RemovedPaths {
  layerId: string;
  /** Paths (with everything below them) removed from the layer's directory. */
  paths: number;
}

/**
 * Applies the images' whiteouts to their extracted layers, as the container runtime does: a
 * path that an upper layer deletes (`.wh.<name>`) or hides behind an opaque directory is removed
 * from the lower layer's tree, so it is neither a resource nor scanned. Paths an upper
 * layer merely replaces stay (each layer keeps its own version, as in ScanCode.io, and a
 * package database of a lower layer is still read for the packages it installed there), and so
 * do the marker files, which the pipeline flags `ignored-whiteout`.
 * A layer shared by several images of the input loses only what every one of them deletes.
 */
export function removeWhitedOutPaths(images: readonly ContainerImage[], trees: ReadonlyMap<string, ArchiveTree>): RemovedPaths[] {
  const entriesOf = (dir: string): LayerEntry[] => [...(trees.get(dir)?.walk() ?? [])].map(({ path, node }) => ({ path, type: node.type }));
  const deletedByLayerDir = new Map<string, Set<string>[]>();
  for (const image of images) {
    const dirs = image.layers.map((l) => l.extractedLocation ?? '');
    const hidden = hiddenLayerPaths(dirs.map(entriesOf));
    const deleted = dirs.map(() => new Set<string>());
    for (const h of hidden) if (h.reason === 'whiteout' || h.reason === 'opaque-directory') deleted[h.layer].add(h.path);
    for (const [i, dir] of dirs.entries()) deletedByLayerDir.set(dir, [...(deletedByLayerDir.get(dir) ?? []), deleted[i]]);
  }
  const removed: RemovedPaths[] = [];
  for (const [dir, sets] of deletedByLayerDir) {
    const common = new Set([...sets[0]].filter((p) => sets.every((s) => s.has(p))));
    // Only the topmost deleted path of a tree: removing it removes what lies below.
    const roots = [...common].filter((p) => !hasDeletedAncestor(p, common));
    for (const path of roots) trees.get(dir)?.remove(path);
    if (roots.length > 0) removed.push({ layerId: dir.split('/').pop() ?? dir, paths: common.size });
  }
  return removed;
}

function hasDeletedAncestor(path: string, deleted: ReadonlySet<string>): boolean {
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) if (deleted.has(path.slice(0, i))) return true;
  return false;
}
