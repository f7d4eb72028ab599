/**
 * A container image as container-inspector models it (ScanCode.io's `extra_data.images`): the
 * image config fields, its layers bottom-first with the history aligned to them, and the distro
 * once the bottom layer is extracted. Locations are absolute paths on this machine;
 * `imageData` turns the model into ScanCode.io's JSON shape.
 */
import type { DistroRecord } from '../packages/distro/distro-record';

/** Fields shared by an image config and a layer (container-inspector's ConfigMixin). */
export interface ConfigFields {
  docker_version: string | null;
  os: string | null;
  os_version: string | null;
  architecture: string | null;
  variant: string | null;
  created: string | null;
  author: string | null;
  comment: string | null;
}

export interface ImageLayer extends ConfigFields {
  /** The layer archive (a tar, possibly compressed) as found in the image. */
  archiveLocation: string;
  /** Where the layer is extracted; null until `extractImageLayers`. */
  extractedLocation: string | null;
  /** The layer id: the digest the image declares for the archive (ScanCode.io's layer_id and sha256). */
  sha256: string;
  /** The sha256 of the archive as stored, computed; equal to `sha256` unless the image lies. */
  archiveSha256: string;
  /** Size of the layer archive in bytes. */
  size: number;
  /** The history entry of the layer: set only when non-empty history and layers align one to one. */
  created_by: string | null;
  /** The media type of an OCI layer descriptor; null in a docker-save layout. */
  mediaType: string | null;
  /**
   * Where the archive's bytes really are when it was left inside the input (an uncompressed
   * image tarball): that file and range; `archiveLocation` then names where it would have been
   * extracted. Null when the archive is the file at `archiveLocation`.
   */
  archiveSource: { path: string; start: number; end: number } | null;
}

export type ImageFormat = 'docker' | 'oci';

export interface ContainerImage extends ConfigFields {
  image_format: ImageFormat;
  /** sha256 of the config JSON (its file name in a docker-save layout), without `sha256:`. */
  image_id: string;
  config_digest: string;
  tags: string[];
  /** Labels of config and container_config merged, sorted by name. */
  labels: Record<string, string>;
  layers: ImageLayer[];
  /** The config's history entries as written (empty layers included). */
  history: Record<string, unknown>[];
  distro: DistroRecord | null;
  /** The directory the image was found in (an extracted docker-save or OCI layout). */
  extractedLocation: string;
  /** The input archive, when the image came from one. */
  archiveLocation: string | null;
}

/** Something wrong with one input or image that does not stop the others. */
export interface ImageProblem {
  /** The file or entry concerned (a path relative to the image directory, or the input name). */
  path: string;
  message: string;
  severity: 'warning' | 'error';
}
