import { posix } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { distroCheckMessage, installedPackagesOfLayers, layerData, layerTag, WHITEOUT_PREFIX } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { collectCodebaseResources, type ResourcePlace, type ResourcePlacement } from '../codebase/collect-resources.step';
import { loadRunImages, type RunImage } from './image-state';
import { flagUninterestingRootfsPaths } from './rootfs-flags';
import { detectSystemPackageLicenses } from './system-package-licenses';
import { reportDatabaseMessages, saveSystemPackages, type SystemRoot } from './system-packages';

/** The codebase/ directory of each layer (relative), with its tag, bottom layer first. */
function layerRoots(ctx: StepContext, { image }: RunImage): SystemRoot[] {
  return image.layers.map((layer, i) => ({
    codebaseDir: posix.relative(ctx.dirs.codebase, layer.extractedLocation ?? ''),
    tag: layerTag(image.image_id, layer.sha256, i + 1),
  }));
}

/**
 * Where each resource of the images goes (ScanCode.io's docker create_codebase_resources):
 * the image directory untagged; each layer's entries with the layer tag and their path inside
 * the layer as rootfs_path; the layer directory itself with the layer tag and its metadata in
 * extra_data.layer. A layer shared by two images of an input takes the tag of the first.
 */
function imagePlacement(ctx: StepContext, images: RunImage[]): ResourcePlacement {
  const layers = new Map<string, ResourcePlace>();
  const imageDirs = new Set(images.map((i) => i.codebaseDir));
  for (const run of images) {
    for (const [i, root] of layerRoots(ctx, run).entries()) {
      if (layers.has(root.codebaseDir)) continue;
      const { extracted_location: _e, archive_location: _a, ...layer } = layerData(run.image.layers[i], 2);
      layers.set(root.codebaseDir, { tag: root.tag, rootfs_path: '/', extra_data: { layer } });
    }
  }
  return (path) => {
    if (imageDirs.has(path)) return { tag: '' };
    const own = layers.get(path);
    if (own) return own;
    const [dir, layerId] = path.split('/', 2);
    const layer = layers.get(`${dir}/${layerId}`);
    if (!layer) return { tag: '' };
    return { tag: layer.tag, rootfs_path: path.slice(dir.length + layerId.length + 1) };
  };
}

export const collectImageResources = defineStep({
  name: 'collect_and_create_codebase_resources',
  doc: 'Collect and labels all image files as CodebaseResources.',
  codebaseFinal: true,
  async run(ctx) {
    const n = await collectCodebaseResources(ctx, imagePlacement(ctx, await loadRunImages(ctx)));
    ctx.log(`${n} codebase resources created`);
  },
});

export const collectImageSystemPackages = defineStep({
  name: 'collect_and_create_system_packages',
  doc: 'Collect installed system packages for each layer based on the distro.',
  async run(ctx) {
    for (const run of await loadRunImages(ctx)) {
      const problem = distroCheckMessage(run.image.distro);
      if (problem) {
        // ScanCode.io's save_errors: the pipeline as model, no details.
        await ctx.messages.error(ctx.run.pipeline_name, problem, {});
        continue;
      }
      const roots = layerRoots(ctx, run);
      const { mounts } = await ctx.codebase();
      const layers = roots.map((r) => {
        const dir = posix.join(ctx.dirs.codebase, r.codebaseDir);
        return { dir, tag: r.tag, tree: mounts.get(dir) };
      });
      const pool = ctx.scanPool();
      const found = await installedPackagesOfLayers(layers, { licenses: false, parse: (tasks) => pool.systemDatafiles(tasks) });
      await reportDatabaseMessages(ctx, found.messages, 'collect_and_create_system_packages');
      await detectSystemPackageLicenses(ctx, found.packages, (p) => posix.join(ctx.dirs.codebase, roots[p.layer].codebaseDir));
      const saved = await saveSystemPackages(
        ctx,
        found.packages.map((p) => ({ installed: p, root: roots[p.layer], linkedPaths: p.linkedPaths })),
        'collect_and_create_system_packages',
      );
      ctx.log(`Image ${run.image.image_id.slice(0, 12)}: ${saved.packages} system package(s), ${saved.linked} file(s) linked`);
    }
  },
});

export const flagImageUninterestingResources = defineStep({
  name: 'flag_uninteresting_codebase_resources',
  doc: 'Flag files that don\'t belong to any system package.',
  async run(ctx) {
    const whiteouts = await ctx.rootfsResources.setStatusByNamePrefix(WHITEOUT_PREFIX, RESOURCE_STATUS.ignoredWhiteout);
    const uninteresting = await flagUninterestingRootfsPaths(ctx);
    ctx.log(`${whiteouts} whiteout marker(s), ${uninteresting} uninteresting resource(s) flagged`);
  },
});
