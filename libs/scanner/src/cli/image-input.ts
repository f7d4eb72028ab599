/**
 * `codescan --image`: a container image (docker save archive, OCI layout directory or OCI
 * archive, plain or gz/bz2/xz/zst) turned into the directory that is scanned: its layers are
 * extracted (with the extractor's containment) and squashed into the root filesystem a container
 * of the image sees. Why squashed rather than layer by layer: a toolkit JSON has one file tree,
 * and the squashed one is what runs: each path once, deleted files gone, every package database
 * at its final state (so each installed package once). Layer history goes to the headers'
 * extra_data.images; what was deleted in upper layers is still inside the image, and the
 * analyze_docker_image pipeline reports it layer by layer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { extractImageLayers } from '../container/extract-layers';
import { imagesFromInput } from '../container/find-images';
import { imageData } from '../container/image-data';
import type { ContainerImage } from '../container/image-model';
import { detectImageDistro } from '../container/rootfs-distro';
import { squashLayers } from '../container/squash-layers';
import { distroCheckMessage } from '../packages/distro/distro-record';

export interface PreparedImage {
  /** The directory to scan: the squashed root of the image, or one sub-directory per image. */
  root: string;
  images: ContainerImage[];
  /** extra_data.images of the scan headers, in ScanCode.io's shape. */
  imagesData: Record<string, unknown>[];
  cleanup: () => Promise<void>;
}

/** A directory name for an image among several: its first tag, else its short id. */
export function imageDirName(image: ContainerImage): string {
  const tag = image.tags[0];
  return tag ? tag.replace(/[/:@]/g, '_') : image.image_id.slice(0, 12);
}

export async function prepareImageInput(input: string, log: (m: string) => void, opts: { platform?: string } = {}): Promise<PreparedImage> {
  const work = await mkdtemp(join(tmpdir(), 'codescan-image-'));
  const cleanup = () => rm(work, { recursive: true, force: true });
  try {
    const found = await imagesFromInput(input, join(work, 'tmp'), { platform: opts.platform });
    for (const p of found.problems) log(`${p.severity}: ${p.path}: ${p.message}`);
    if (!found.images.length) throw new Error(`No images found in ${input}.`);
    const layersDir = join(work, 'layers');
    for (const p of await extractImageLayers(found.images, layersDir)) log(`${p.severity}: layer ${p.path}: ${p.message}`);
    const root = join(work, `${basename(input)}-extract`);
    const several = found.images.length > 1;
    for (const image of found.images) {
      await detectImageDistro(image).catch((e: Error) => log(`warning: image ${image.image_id}: ${e.message}`));
      const check = distroCheckMessage(image.distro);
      if (check) log(`warning: image ${image.image_id}: ${check} Installed packages are read from whatever package database is present.`);
      const target = several ? join(root, imageDirName(image)) : root;
      await squashLayers(image.layers.map((l) => l.extractedLocation ?? ''), target);
    }
    const imagesData = found.images.map((i) => imageData(i));
    // The squashed copies are what is scanned: free the extracted image and layers now.
    await rm(layersDir, { recursive: true, force: true });
    await rm(join(work, 'tmp'), { recursive: true, force: true });
    return { root, images: found.images, imagesData, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
