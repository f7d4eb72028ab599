/**
 * Which paths of which layer a container does not see once its layers are stacked (OCI image
 * spec, layer.md "Whiteouts"), computed over path lists, bottom layer first:
 * - `.wh.<name>` hides `<name>` (and everything below it) of the layers under it;
 * - `.wh..wh..opq` makes its directory opaque: the children it had in lower layers are hidden;
 * - an entry replaces the same path below it unless both are directories (those merge), and a
 *   non-directory hides everything below the path in lower layers (a file over a directory);
 * - the markers themselves are never part of the file system.
 * Whiteouts apply to lower layers only: a layer's own files are never hidden by its markers.
 * container-inspector compares the opaque marker with `.wh..wh.opq` (one dot short) and so
 * never applies it; here it follows the spec.
 */
import { posix } from 'node:path';

export const WHITEOUT_PREFIX = '.wh.';
export const OPAQUE_MARKER = '.wh..wh..opq';

export type LayerEntryType = 'file' | 'directory' | 'symlink';

export interface LayerEntry {
  /** Path inside the layer, relative (`usr/bin/x`), as in the layer archive. */
  path: string;
  type: LayerEntryType;
}

export type HiddenReason = 'whiteout-marker' | 'whiteout' | 'opaque-directory' | 'overwritten';

export interface HiddenPath {
  /** Index of the layer holding the path, 0 for the bottom layer. */
  layer: number;
  path: string;
  reason: HiddenReason;
  /** The layer whose entry hides it (the layer itself for a marker). */
  byLayer: number;
}

/** True for a whiteout marker file name or path (ScanCode.io flags these `ignored-whiteout`). */
export function isWhiteoutMarker(path: string): boolean {
  return posix.basename(path.replace(/\/+$/, '')).startsWith(WHITEOUT_PREFIX);
}

/** What a marker hides: `{ dir, opaque: true }` for an opaque marker, else the whited-out path. */
export function whiteoutTarget(markerPath: string): { path: string; opaque: boolean } {
  const dir = posix.dirname(markerPath) === '.' ? '' : posix.dirname(markerPath);
  const name = posix.basename(markerPath);
  if (name === OPAQUE_MARKER) return { path: dir, opaque: true };
  const target = name.slice(WHITEOUT_PREFIX.length);
  return { path: dir ? `${dir}/${target}` : target, opaque: false };
}

/** Proper ancestors of a relative path, nearest first, ending with '' (the root). */
function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  out.push('');
  return out;
}

/** Masks cast by the layers above the one being checked; each remembers its nearest layer. */
interface Masks {
  deleted: Map<string, number>;
  opaque: Map<string, number>;
  nonDirs: Map<string, number>;
  dirs: Map<string, number>;
}

function hiddenBy(entry: LayerEntry, masks: Masks): { reason: HiddenReason; byLayer: number } | null {
  const own = masks.deleted.get(entry.path);
  if (own !== undefined) return { reason: 'whiteout', byLayer: own };
  const replaced = masks.nonDirs.get(entry.path) ?? (entry.type === 'directory' ? undefined : masks.dirs.get(entry.path));
  if (replaced !== undefined) return { reason: 'overwritten', byLayer: replaced };
  for (const a of ancestors(entry.path)) {
    const deleted = masks.deleted.get(a);
    if (deleted !== undefined) return { reason: 'whiteout', byLayer: deleted };
    const opaque = masks.opaque.get(a);
    if (opaque !== undefined) return { reason: 'opaque-directory', byLayer: opaque };
    const file = masks.nonDirs.get(a);
    if (file !== undefined) return { reason: 'overwritten', byLayer: file };
  }
  return null;
}

/**
 * Every hidden path of every layer, given each layer's entries bottom layer first. The visible
 * entries are the squashed root filesystem.
 */
export function hiddenLayerPaths(layers: readonly (readonly LayerEntry[])[]): HiddenPath[] {
  const masks: Masks = { deleted: new Map(), opaque: new Map(), nonDirs: new Map(), dirs: new Map() };
  const hidden: HiddenPath[][] = [];
  for (let layer = layers.length - 1; layer >= 0; layer--) {
    const own: HiddenPath[] = [];
    for (const entry of layers[layer]) {
      if (isWhiteoutMarker(entry.path)) {
        own.push({ layer, path: entry.path, reason: 'whiteout-marker', byLayer: layer });
        continue;
      }
      const by = hiddenBy(entry, masks);
      if (by) own.push({ layer, path: entry.path, ...by });
    }
    // This layer's markers and entries mask the layers below it (not itself).
    for (const entry of layers[layer]) {
      if (isWhiteoutMarker(entry.path)) {
        const target = whiteoutTarget(entry.path);
        (target.opaque ? masks.opaque : masks.deleted).set(target.path, layer);
      } else if (entry.type === 'directory') masks.dirs.set(entry.path, layer);
      else masks.nonDirs.set(entry.path, layer);
    }
    hidden[layer] = own;
  }
  return hidden.flat();
}
