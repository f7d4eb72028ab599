/**
 * A layer of an image from its archive. Its id (ScanCode.io's layer_id and sha256) is the digest
 * the image declares for it (the config's diff_id in a docker save, the descriptor digest in an
 * OCI layout), as container-inspector takes it; the archive's real sha256 is computed too, in one
 * streaming pass, and a declared id that is malformed or differs from it is reported: ScanCode.io
 * does not verify (`verify=False`), so the declared id is kept when well formed, for parity.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ByteRange } from '../archive/extraction-types';
import type { ImageLayer } from './image-model';

export async function sha256OfFile(path: string, range?: ByteRange): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, range ? { start: range.start, end: range.end - 1 } : {})) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Image files left inside the input, by the real path they would have been extracted to. */
export type EmbeddedArchives = ReadonlyMap<string, { path: string } & ByteRange>;

const SHA256_HEX = /^[a-f0-9]{64}$/;

export interface LayerFromArchive {
  layer: ImageLayer;
  /** Why the declared digest was not used as is, or differs from the archive's. */
  warning: string | null;
}

export async function layerFromArchive(archiveLocation: string, declaredDigest: string | null, mediaType: string | null = null, embedded?: EmbeddedArchives): Promise<LayerFromArchive> {
  const source = embedded?.get(archiveLocation) ?? null;
  const st = source ? null : await stat(archiveLocation);
  if (st && !st.isFile()) throw new Error('layer archive is not a regular file');
  const actual = source ? await sha256OfFile(source.path, source) : await sha256OfFile(archiveLocation);
  const declared = declaredDigest?.startsWith('sha256:') ? declaredDigest.slice('sha256:'.length) : null;
  // The id names the layer's extraction directory: only a bare sha256 may become one.
  const valid = declared !== null && SHA256_HEX.test(declared);
  let warning: string | null = null;
  if (!valid) warning = `declared digest ${JSON.stringify(declaredDigest)} is not a sha256: the archive's own sha256 is its id`;
  else if (declared !== actual) warning = `archive sha256 ${actual} differs from its declared digest sha256:${declared} (kept as its id, as ScanCode.io does)`;
  const layer: ImageLayer = {
    archiveLocation,
    extractedLocation: null,
    sha256: valid ? declared : actual,
    archiveSha256: actual,
    size: source ? source.end - source.start : (st?.size ?? 0),
    mediaType,
    archiveSource: source ? { path: source.path, start: source.start, end: source.end } : null,
    docker_version: null,
    os: null,
    os_version: null,
    architecture: null,
    variant: null,
    created: null,
    author: null,
    comment: null,
    created_by: null,
  };
  return { layer, warning };
}
