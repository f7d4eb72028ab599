/**
 * Each layer of an image extracted on its own to `<targetDir>/<layer_id>/` (ScanCode.io's
 * `codebase/<input>-extract/<layer_id>/`): layers are not squashed there, every layer's files are
 * resources of their own. Extraction is the archive extractor's, with its containment (no `..`
 * or absolute entry names, no link resolving outside the layer, devices skipped, size and ratio
 * limits); absolute symlinks, the norm in a root filesystem, are read against the layer root.
 */
import { join } from 'node:path';
import { extractArchive } from '../archive/extract-archive';
import type { ExtractionLimits } from '../archive/extraction-types';
import type { ContainerImage, ImageLayer, ImageProblem } from './image-model';

export interface LayerExtractionOptions {
  limits?: ExtractionLimits;
  signal?: AbortSignal;
}

export async function extractLayer(layer: ImageLayer, targetDir: string, opts: LayerExtractionOptions = {}): Promise<ImageProblem[]> {
  const target = join(targetDir, layer.sha256);
  const source = layer.archiveSource;
  const result = await extractArchive(source?.path ?? layer.archiveLocation, target, {
    limits: opts.limits, signal: opts.signal, absoluteSymlinks: 'root-relative', range: source ? { start: source.start, end: source.end } : undefined,
  });
  layer.extractedLocation = target;
  return result.problems.map((p) => ({
    path: p.entry ? `${layer.sha256}: ${p.entry}` : layer.sha256,
    message: p.reason,
    severity: p.severity,
  }));
}

/**
 * Extracts every layer of the images below `targetDir`, setting each layer's extractedLocation.
 * Images of one input often share layers: one that an earlier image of the same call already
 * extracted from the same archive content is not extracted again.
 */
export async function extractImageLayers(images: ContainerImage | readonly ContainerImage[], targetDir: string, opts: LayerExtractionOptions = {}): Promise<ImageProblem[]> {
  const problems: ImageProblem[] = [];
  const done = new Map<string, string>();
  for (const image of Array.isArray(images) ? images : [images as ContainerImage]) {
    for (const layer of image.layers) {
      const key = `${layer.sha256}:${layer.archiveSha256}`;
      const extracted = done.get(key);
      if (extracted) {
        layer.extractedLocation = extracted;
        continue;
      }
      problems.push(...(await extractLayer(layer, targetDir, opts)));
      done.set(key, layer.extractedLocation ?? '');
    }
  }
  return problems;
}

/**
 * ScanCode.io's layer tag, `img-<6 of image id>-layer-<NN>-<6 of layer id>` with the layer
 * numbered from 1 bottom-first: short, readable and sortable.
 */
export function layerTag(imageId: string, layerId: string, layerIndex: number): string {
  return `img-${imageId.slice(0, 6)}-layer-${String(layerIndex).padStart(2, '0')}-${layerId.slice(0, 6)}`;
}
