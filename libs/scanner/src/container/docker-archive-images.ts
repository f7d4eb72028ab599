/**
 * Images of an extracted `docker save` archive (container-inspector's
 * `get_docker_images_from_dir`): each manifest.json entry names its config JSON (whose file
 * name is the image id), its tags and its layer archives bottom-first, either `<id>/layer.tar`
 * or a linked blob (skopeo, Docker 25+: `blobs/sha256/<hex>`).
 */
import { basename } from 'node:path';
import { realpath } from 'node:fs/promises';
import { assignHistoryToLayers, bareId, configFields, field, historyOf, isObject, mergedLabels, stringField } from './image-config';
import { ImageFormatError, messageOf, readJsonFile, readJsonObject, resolveInside } from './image-files';
import type { ContainerImage, ImageLayer, ImageProblem } from './image-model';
import { layerFromArchive, type EmbeddedArchives } from './layer-archive';

export interface FoundImages {
  images: ContainerImage[];
  problems: ImageProblem[];
}

export async function dockerImagesFromDir(dir: string, archiveLocation: string | null = null, embedded?: EmbeddedArchives): Promise<FoundImages> {
  const root = await realpath(dir);
  const manifest = await readJsonFile(await resolveInside(root, 'manifest.json'), 'manifest.json');
  if (!Array.isArray(manifest)) throw new ImageFormatError('manifest.json: expected a list of images');
  const out: FoundImages = { images: [], problems: [] };
  for (const [i, entry] of manifest.entries()) {
    try {
      if (!isObject(entry)) throw new ImageFormatError('not a JSON object');
      out.images.push(await imageFromManifestEntry(root, entry, archiveLocation, out.problems, embedded));
    } catch (e) {
      out.problems.push({ path: `manifest.json[${i}]`, message: `image skipped: ${messageOf(e)}`, severity: 'error' });
    }
  }
  return out;
}

async function imageFromManifestEntry(root: string, entry: Record<string, unknown>, archiveLocation: string | null, problems: ImageProblem[], embedded?: EmbeddedArchives): Promise<ContainerImage> {
  const configPath = stringField(entry, 'Config');
  if (!configPath) throw new ImageFormatError('no Config');
  const config = await readJsonObject(await resolveInside(root, configPath), configPath);
  // The config's file name is its sha256: `<hex>.json`, or `blobs/sha256/<hex>` in newer layouts.
  const imageId = basename(configPath).replace(/\.json$/, '');
  const rootfs = field(config, 'rootfs');
  if (!isObject(rootfs) || stringField(rootfs, 'type') !== 'layers') {
    throw new ImageFormatError(`${configPath}: rootfs type is not "layers"`);
  }
  const diffIds = field(rootfs, 'diff_ids');
  const layerPaths = field(entry, 'Layers');
  if (!Array.isArray(layerPaths) || !layerPaths.every((p) => typeof p === 'string')) throw new ImageFormatError('Layers is not a list of paths');
  const diffCount = Array.isArray(diffIds) ? diffIds.length : 0;
  if (diffCount !== layerPaths.length) {
    // container-inspector pairs them with zip(): the shorter list wins.
    problems.push({ path: configPath, message: `${layerPaths.length} layer archives for ${diffCount} diff_ids: only the first ${Math.min(diffCount, layerPaths.length)} are used`, severity: 'warning' });
  }
  const layers: ImageLayer[] = [];
  for (const [i, p] of (layerPaths as string[]).slice(0, diffCount).entries()) {
    const diffId = (diffIds as unknown[])[i];
    const { layer, warning } = await layerFromArchive(await resolveInside(root, p), typeof diffId === 'string' ? diffId : null, null, embedded);
    if (warning) problems.push({ path: p, message: warning, severity: 'warning' });
    layers.push(layer);
  }
  const history = historyOf(config);
  assignHistoryToLayers(history, layers);
  const tags = field(entry, 'RepoTags');
  return {
    image_format: 'docker',
    image_id: imageId,
    config_digest: `sha256:${bareId(imageId)}`,
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
    ...configFields(config),
    labels: mergedLabels(config),
    layers,
    history,
    distro: null,
    extractedLocation: root,
    archiveLocation,
  };
}
