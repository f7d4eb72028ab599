/**
 * Each layer of an image read in place as an archive tree, instead of being extracted: the tree
 * stands for `<targetDir>/<layer_id>/` (ScanCode.io's `codebase/<input>-extract/<layer_id>/`,
 * created empty, so that the codebase walk finds it) and its files are byte ranges of the layer
 * tar. An uncompressed layer is read where it is (the image tarball, or the layer file of an
 * extracted image); a compressed one (OCI blobs, gz/zst/xz/bz2) is decompressed once into
 * `scratchDir`, under the extraction limits. The tree has the extractor's containment (see
 * ArchiveTreeBuilder); what it refuses comes back as problems, as from `extractImageLayers`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { buildArchiveTree } from '../archive/archive-tree-builder';
import type { ArchiveTree } from '../archive/archive-tree';
import { readArchiveHead } from '../archive/archive-kind';
import { compressionOf, decompress, type Compression } from '../archive/compression';
import { ExtractionBudget } from '../archive/extraction-budget';
import { messageOf } from '../archive/extraction-errors';
import { DEFAULT_EXTRACTION_LIMITS, type ByteRange, type ExtractionProblem } from '../archive/extraction-types';
import { isTarHeader } from '../archive/tar-header';
import type { LayerExtractionOptions } from './extract-layers';
import type { ContainerImage, ImageLayer, ImageProblem } from './image-model';

export interface LayerTrees {
  /** Each layer directory (absolute) and the tree that stands for it. */
  trees: Map<string, ArchiveTree>;
  problems: ImageProblem[];
}

/** Where a layer's archive bytes are: a file, or a range of the input it was left in. */
async function layerBytes(layer: ImageLayer): Promise<{ path: string; range: ByteRange }> {
  if (layer.archiveSource) return { path: layer.archiveSource.path, range: { start: layer.archiveSource.start, end: layer.archiveSource.end } };
  return { path: layer.archiveLocation, range: { start: 0, end: (await stat(layer.archiveLocation)).size } };
}

const isZeroBlock = (head: Buffer) => head.length > 0 && head.every((b) => b === 0);

/** Decompresses a range into `target`, counting the output against the limits; a problem when it stops early. */
async function decompressTo(source: { path: string; range: ByteRange }, compression: Compression, target: string, budget: ExtractionBudget): Promise<string | null> {
  const out = createWriteStream(target, { flags: 'wx' });
  try {
    for await (const chunk of decompress(createReadStream(source.path, { start: source.range.start, end: source.range.end - 1 }), compression)) {
      budget.addBytes((chunk as Buffer).length);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    return null;
  } catch (error) {
    return messageOf(error);
  } finally {
    out.end();
    await finished(out).catch(() => undefined);
  }
}

async function layerTree(layer: ImageLayer, scratchDir: string, opts: LayerExtractionOptions): Promise<{ tree: ArchiveTree | null; problems: ExtractionProblem[] }> {
  const label = layer.sha256;
  const source = await layerBytes(layer);
  const head = await readArchiveHead(source.path, source.range.start, source.range.end);
  const limits = opts.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const compression = compressionOf(head);
  if (!compression) {
    if (!isTarHeader(head) && !isZeroBlock(head)) return { tree: null, problems: [{ archive: label, reason: 'not a recognised archive', severity: 'error' }] };
    const built = await buildArchiveTree(source.path, { range: source.range, label, limits, signal: opts.signal, absoluteSymlinks: 'root-relative' });
    return { tree: built.tree, problems: built.problems };
  }
  await mkdir(scratchDir, { recursive: true });
  const tarPath = join(scratchDir, `${layer.archiveSha256}.tar`);
  const budget = new ExtractionBudget(limits, source.range.end - source.range.start, { bytes: 0 }, opts.signal);
  const stopped = await decompressTo(source, compression, tarPath, budget);
  opts.signal?.throwIfAborted();
  const problems: ExtractionProblem[] = stopped ? [{ archive: label, reason: stopped, severity: 'error' }] : [];
  const tarHead = await readArchiveHead(tarPath);
  if (!isTarHeader(tarHead) && !isZeroBlock(tarHead)) return { tree: null, problems: [...problems, { archive: label, reason: 'not a recognised archive', severity: 'error' }] };
  const built = await buildArchiveTree(tarPath, { label, limits, signal: opts.signal, absoluteSymlinks: 'root-relative' });
  return { tree: built.tree, problems: [...problems, ...built.problems] };
}

/**
 * The trees of every layer of the images, each standing for `<targetDir>/<layer_id>/` (made,
 * empty), and each layer's extractedLocation set to that directory. A layer that an earlier image
 * of the call shares (same id, same archive content) is read once. A layer that is no archive
 * leaves its directory empty, with a problem, as an extraction would.
 */
export async function readImageLayers(images: readonly ContainerImage[], targetDir: string, scratchDir: string, opts: LayerExtractionOptions = {}): Promise<LayerTrees> {
  const trees = new Map<string, ArchiveTree>();
  const problems: ImageProblem[] = [];
  const done = new Map<string, string>();
  for (const image of images) {
    for (const layer of image.layers) {
      const key = `${layer.sha256}:${layer.archiveSha256}`;
      const known = done.get(key);
      if (known) {
        layer.extractedLocation = known;
        continue;
      }
      const dir = join(targetDir, layer.sha256);
      await mkdir(dir, { recursive: true });
      const read = await layerTree(layer, scratchDir, opts);
      if (read.tree) trees.set(dir, read.tree);
      layer.extractedLocation = dir;
      done.set(key, dir);
      problems.push(...read.problems.map((p) => ({ path: p.entry ? `${layer.sha256}: ${p.entry}` : layer.sha256, message: p.reason, severity: p.severity })));
    }
  }
  return { trees, problems };
}
