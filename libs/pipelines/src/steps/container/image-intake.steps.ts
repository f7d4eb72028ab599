import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { archiveKind, detectImageDistro, imageData, imagesFromInput, readArchiveHead, readImageLayers, type ArchiveTree, type ImageProblem } from '@sca/scanner';
import { saveCodebaseMounts } from '../../framework/codebase-files';
import { defineStep } from '../../framework/define';
import { dockerPlatformSetting } from '../docker-platform-setting';
import type { StepContext } from '../../framework/step-context';
import { loadRunImages, saveRunImages, type RunImage } from './image-state';
import { removeWhitedOutPaths } from './whiteout-removal';

/** ScanCode.io takes `*.tar*` and `*.tgz` inputs as images; a tar or compressed tar by content is one too. */
const IMAGE_NAME = /\.(tar(\..*)?|tgz)$/i;
const IMAGE_KINDS = new Set(['tar', 'gzip', 'bzip2', 'xz', 'zstd']);

async function isImageInput(path: string): Promise<boolean> {
  if (IMAGE_NAME.test(basename(path))) return true;
  if (!(await stat(path)).isFile()) return false;
  return IMAGE_KINDS.has(archiveKind(path, await readArchiveHead(path)) ?? '');
}

/**
 * As ScanCode.io: the problems of an extraction joined into one message, model the pipeline
 * (one for the errors, one for the warnings), each line naming the input and entry.
 */
async function reportProblems(ctx: StepContext, input: string, problems: ImageProblem[]): Promise<void> {
  for (const severity of ['error', 'warning'] as const) {
    const lines = problems.filter((p) => p.severity === severity).map((p) => `${input}: ${p.path}: ${p.message}`);
    if (lines.length > 0) await ctx.messages.add({ severity, description: lines.join('\n'), model: ctx.run.pipeline_name, details: {} });
  }
}

export const extractImages = defineStep({
  name: 'extract_images',
  doc: 'Extract images from input tarballs.',
  async run(ctx) {
    // The workers start and build their license index while the images and layers are extracted.
    ctx.scanPool().warmUp();
    const found: RunImage[] = [];
    for (const name of (await readdir(ctx.dirs.input)).sort()) {
      const input = join(ctx.dirs.input, name);
      if (!(await isImageInput(input))) {
        ctx.log(`${name}: not an image archive, skipped`);
        continue;
      }
      ctx.throwIfStopped();
      const result = await imagesFromInput(input, ctx.dirs.tmp, { signal: ctx.signal, platform: dockerPlatformSetting(ctx.project.settings) });
      await reportProblems(ctx, name, result.problems);
      for (const image of result.images) found.push({ input: name, codebaseDir: basename(result.extractedTo), image });
    }
    if (found.length === 0) throw new Error('No images found in project input files.');
    ctx.log(`${found.length} image(s) found`);
    await saveRunImages(ctx, found);
  },
});

export const extractLayers = defineStep({
  name: 'extract_layers',
  doc: 'Extract layers from input images.',
  async run(ctx) {
    const images = await loadRunImages(ctx);
    const mounts = new Map<string, ArchiveTree>();
    for (const dir of new Set(images.map((i) => i.codebaseDir))) {
      const ofDir = images.filter((i) => i.codebaseDir === dir);
      // Layers are read in place: each is a tree mounted on its codebase directory, nothing is extracted.
      const read = await readImageLayers(ofDir.map((i) => i.image), join(ctx.dirs.codebase, dir), join(ctx.dirs.tmp, 'layers'), { signal: ctx.signal });
      for (const [layerDir, tree] of read.trees) mounts.set(layerDir, tree);
      await reportProblems(ctx, ofDir[0].input, read.problems);
    }
    const removed = removeWhitedOutPaths(images.map((i) => i.image), mounts);
    await saveCodebaseMounts(ctx.dirs, mounts);
    for (const r of removed) {
      ctx.log(`Layer ${r.layerId.slice(0, 12)}: ${r.paths} path(s) deleted by the whiteouts of upper layers are left out`);
    }
    await saveRunImages(ctx, images);
  },
});

export const findImagesOsAndDistro = defineStep({
  name: 'find_images_os_and_distro',
  doc: 'Find the operating system and distro of input images.',
  async run(ctx) {
    const images = await loadRunImages(ctx);
    const { mounts } = await ctx.codebase();
    for (const { image, input } of images) {
      await ctx.messages.saveErrors(ctx.run.pipeline_name, { resource_path: input, image_id: image.image_id }, () => detectImageDistro(image, (dir) => mounts.get(dir)));
    }
    await saveRunImages(ctx, images);
  },
});

export const collectImagesInformation = defineStep({
  name: 'collect_images_information',
  doc: 'Collect and store image information in a project.',
  async run(ctx) {
    const images = await loadRunImages(ctx);
    await ctx.updateProjectExtraData({ images: images.map((i) => imageData(i.image)) });
  },
});
