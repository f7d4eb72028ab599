/**
 * An image in ScanCode.io's JSON shape: `extra_data.images[]` (pipes/docker.py `get_image_data`
 * over container-inspector's `Image.to_dict`), field for field and in its key order. Image
 * locations are left out; layer locations keep their last `layerPathSegments` segments
 * (`<input>-extract/<layer_id>`), as ScanCode.io stores them.
 */
import type { ContainerImage, ImageLayer } from './image-model';

export interface ImageDataOptions {
  /** Trailing path segments kept of layer locations; 0 keeps them whole. ScanCode.io: 2. */
  layerPathSegments?: number;
}

export function trimmedPath(location: string | null, segments: number): string | null {
  if (!location) return location;
  if (!segments) return location;
  const ends = location.endsWith('/');
  const relative = location.replace(/^\/+|\/+$/g, '').split('/').slice(-segments).join('/');
  return ends ? `${relative}/` : relative;
}

export function layerData(layer: ImageLayer, segments: number): Record<string, unknown> {
  return {
    extracted_location: trimmedPath(layer.extractedLocation, segments),
    archive_location: trimmedPath(layer.archiveLocation, segments),
    sha256: layer.sha256,
    docker_version: layer.docker_version,
    os: layer.os,
    os_version: layer.os_version,
    architecture: layer.architecture,
    variant: layer.variant,
    // A layer's labels default to a list in container-inspector (the image's are a mapping).
    labels: [],
    layer_id: layer.sha256,
    size: layer.size,
    is_empty_layer: false,
    author: layer.author,
    created: layer.created,
    created_by: layer.created_by,
    comment: layer.comment,
  };
}

export function imageData(image: ContainerImage, opts: ImageDataOptions = {}): Record<string, unknown> {
  const segments = opts.layerPathSegments ?? 2;
  return {
    // The sha256 of the image archive: ScanCode.io reads images from a directory, so it is null.
    sha256: null,
    docker_version: image.docker_version,
    os: image.os,
    os_version: image.os_version,
    architecture: image.architecture,
    variant: image.variant,
    created: image.created,
    author: image.author,
    comment: image.comment,
    labels: image.labels,
    image_format: image.image_format,
    image_id: image.image_id,
    config_digest: image.config_digest,
    tags: image.tags,
    distro: image.distro,
    layers: image.layers.map((l) => layerData(l, segments)),
    history: image.history,
  };
}
