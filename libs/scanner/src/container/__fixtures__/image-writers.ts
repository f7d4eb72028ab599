/**
 * Test images built in memory: layer tarballs, `docker save` archives and OCI image layouts
 * with real digests, so the readers see what Docker, skopeo and buildx write.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tarArchive, type TarFixtureEntry } from '../../archive/__fixtures__/archive-writers';

export type { TarFixtureEntry } from '../../archive/__fixtures__/archive-writers';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export interface TestImage {
  tags?: string[];
  /** Layer tarballs, bottom first (uncompressed tar; OCI layouts may gzip them). */
  layers: Buffer[];
  history?: Record<string, unknown>[];
  config?: Record<string, unknown>;
  architecture?: string;
}

export function imageConfig(image: TestImage): Buffer {
  return Buffer.from(JSON.stringify({
    architecture: image.architecture ?? 'amd64',
    os: 'linux',
    created: '2024-01-02T03:04:05Z',
    config: { Env: ['PATH=/usr/bin:/bin'], Labels: { 'org.example.name': 'test' } },
    history: image.history ?? image.layers.map((_, i) => ({ created: '2024-01-02T03:04:05Z', created_by: `step ${i + 1}` })),
    rootfs: { type: 'layers', diff_ids: image.layers.map((l) => `sha256:${sha256(l)}`) },
    ...image.config,
  }));
}

export function layerTar(entries: TarFixtureEntry[]): Promise<Buffer> {
  return tarArchive(entries);
}

/** A `docker save` archive (Docker < 25 layout: `<id>.json`, `<dir>/layer.tar`, manifest.json). */
export async function dockerArchive(images: TestImage[]): Promise<Buffer> {
  const entries: TarFixtureEntry[] = [];
  const manifest: unknown[] = [];
  for (const image of images) {
    const config = imageConfig(image);
    const configName = `${sha256(config)}.json`;
    entries.push({ name: configName, data: config });
    const layerPaths: string[] = [];
    for (const layer of image.layers) {
      const dir = sha256(`${configName}:${sha256(layer)}`);
      entries.push({ name: `${dir}/`, type: 'directory' }, { name: `${dir}/layer.tar`, data: layer });
      layerPaths.push(`${dir}/layer.tar`);
    }
    manifest.push({ Config: configName, RepoTags: image.tags ?? [], Layers: layerPaths });
  }
  entries.push({ name: 'manifest.json', data: JSON.stringify(manifest) });
  return tarArchive(entries);
}

interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  platform?: { os: string; architecture: string; variant?: string };
  annotations?: Record<string, string>;
}

async function writeBlob(dir: string, data: Buffer, mediaType: string): Promise<Descriptor> {
  const digest = sha256(data);
  await mkdir(join(dir, 'blobs', 'sha256'), { recursive: true });
  await writeFile(join(dir, 'blobs', 'sha256', digest), data);
  return { mediaType, digest: `sha256:${digest}`, size: data.length };
}

/** Writes one image's manifest and blobs (layers gzipped when asked); returns its descriptor. */
export async function writeOciManifest(dir: string, image: TestImage, gzipLayers = true): Promise<Descriptor> {
  const config = await writeBlob(dir, imageConfig(image), 'application/vnd.oci.image.config.v1+json');
  const layers: Descriptor[] = [];
  for (const l of image.layers) {
    layers.push(await writeBlob(dir, gzipLayers ? gzipSync(l) : l, gzipLayers ? 'application/vnd.oci.image.layer.v1.tar+gzip' : 'application/vnd.oci.image.layer.v1.tar'));
  }
  const manifest = Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.manifest.v1+json', config, layers }));
  return writeBlob(dir, manifest, 'application/vnd.oci.image.manifest.v1+json');
}

export async function writeOciIndex(dir: string, manifests: Descriptor[]): Promise<Descriptor> {
  const index = Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests }));
  return writeBlob(dir, index, 'application/vnd.oci.image.index.v1+json');
}

/** The top of an OCI layout: oci-layout and index.json listing `entries`. */
export async function writeOciLayoutTop(dir: string, entries: Descriptor[]): Promise<void> {
  await mkdir(join(dir, 'blobs', 'sha256'), { recursive: true });
  await writeFile(join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  await writeFile(join(dir, 'index.json'), JSON.stringify({ schemaVersion: 2, manifests: entries }));
}
