import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAYER_EPOCH, sha256File, sha256Text } from './layer-tar';

export interface SavedLayer {
  /** The uncompressed layer tar on disk; moved into the archive's directory. */
  tar: string;
  /** The history line of the step that made it (`created_by`). */
  createdBy: string;
}

export interface DockerSaveInput {
  /** `repository:tag`. */
  repoTag: string;
  /** Bottom layer first. */
  layers: SavedLayer[];
  /** The image's runtime config (Env, Cmd, WorkingDir...). */
  config: Record<string, unknown>;
}

export interface DockerSaveResult {
  /** Hex SHA-256 of the config JSON: the image id. */
  imageId: string;
  /** `sha256:<hex>` of each uncompressed layer tar, bottom first (the config's rootfs.diff_ids). */
  diffIds: string[];
  /** Each layer's path in the archive (`<id>/layer.tar`), bottom first, as manifest.json lists them. */
  layerPaths: string[];
}

const CREATED = new Date(LAYER_EPOCH * 1000).toISOString();

/**
 * Writes `out` in the `docker save` format of Docker before 25 (what `docker save` still reads
 * and skopeo's docker-archive transport accepts): `manifest.json`, the config as
 * `<sha256>.json`, each layer as `<id>/layer.tar` with its legacy `VERSION` and `json`, and
 * `repositories`. `work` is an empty scratch directory; the layer tars are moved into it.
 */
export function writeDockerSave(input: DockerSaveInput, work: string, out: string): DockerSaveResult {
  const diffIds = input.layers.map((l) => `sha256:${sha256File(l.tar)}`);
  const config = {
    architecture: 'amd64',
    os: 'linux',
    created: CREATED,
    config: input.config,
    rootfs: { type: 'layers', diff_ids: diffIds },
    history: input.layers.map((l) => ({ created: CREATED, created_by: l.createdBy })),
  };
  const configJson = JSON.stringify(config);
  const imageId = sha256Text(configJson);
  writeFileSync(join(work, `${imageId}.json`), configJson);

  // Legacy v1 layer ids: a chain over the diff ids, so equal stacks get equal ids.
  const ids: string[] = [];
  input.layers.forEach((layer, i) => {
    const parent = ids[i - 1] ?? '';
    const id = sha256Text(`${parent}\n${diffIds[i]}`);
    ids.push(id);
    mkdirSync(join(work, id));
    renameSync(layer.tar, join(work, id, 'layer.tar'));
    writeFileSync(join(work, id, 'VERSION'), '1.0');
    writeFileSync(join(work, id, 'json'), JSON.stringify({ id, ...(parent ? { parent } : {}), created: CREATED, os: 'linux', architecture: 'amd64' }));
  });
  const layerPaths = ids.map((id) => `${id}/layer.tar`);
  writeFileSync(join(work, 'manifest.json'), JSON.stringify([{ Config: `${imageId}.json`, RepoTags: [input.repoTag], Layers: layerPaths }]));
  const colon = input.repoTag.lastIndexOf(':');
  writeFileSync(join(work, 'repositories'), JSON.stringify({ [input.repoTag.slice(0, colon)]: { [input.repoTag.slice(colon + 1)]: ids[ids.length - 1] } }));

  execFileSync('tar', [
    '--create', `--file=${out}`, `--directory=${work}`, '--sort=name', '--format=pax', '--owner=0', '--group=0', '--numeric-owner',
    `--mtime=@${LAYER_EPOCH}`, '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime',
    '--', ...[...ids].sort(), `${imageId}.json`, 'manifest.json', 'repositories',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { imageId, diffIds, layerPaths };
}
