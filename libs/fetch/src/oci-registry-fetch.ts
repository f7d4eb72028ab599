/**
 * `docker://` inputs: one image pulled from a registry into an OCI image layout (`oci-layout`,
 * `index.json`, `blobs/sha256/…`), the format the scanner's image reader takes as a directory or,
 * packed with `ociArchive`, as a single input file. A multi-arch index is resolved to one
 * platform (linux/amd64 unless asked otherwise) and the layout holds that platform's manifest
 * only, named after the reference. Docker schema 2 and OCI manifests are stored as served:
 * the bytes are what their digests name.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { pack } from 'tar-stream';
import { FetchError, findRefusal } from './fetch-error';
import type { FetchPolicy } from './fetch-policy';
import { parseDockerReference, type ImageReference } from './oci-reference';
import { RegistryClient } from './oci-registry-client';

const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
const DOCKER_LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';
const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';
const ACCEPT = [OCI_INDEX, OCI_MANIFEST, DOCKER_LIST, DOCKER_MANIFEST];

export interface DockerFetchOptions {
  /** `os/arch[/variant]` taken from a multi-arch index; linux/amd64 by default. */
  platform?: string;
  signal?: AbortSignal;
}

export interface FetchedImage {
  /** The OCI layout directory written in destDir. */
  path: string;
  reference: ImageReference;
  /** Digest of the image manifest (the platform's one for a multi-arch image). */
  manifestDigest: string;
  configDigest: string;
  /** The multi-arch index digest, when the reference named one. */
  indexDigest: string | null;
  platform: string | null;
  layers: number;
  /** Bytes of all blobs written. */
  size: number;
}

interface Descriptor {
  mediaType?: string;
  digest?: string;
  size?: number;
  platform?: { os?: string; architecture?: string; variant?: string };
}

/** The layout's directory name: `<repository>_<tag>`, `<repository>_sha256-<12 hex>` for a digest (the input file is named by dockerInputFilename). */
export function imageLayoutName(ref: ImageReference): string {
  const name = ref.repository.split('/').pop() ?? 'image';
  return `${name}_${ref.tag ?? `sha256-${(ref.digest ?? '').slice(7, 19)}`}`.replace(/[^A-Za-z0-9_.-]/g, '_');
}

function parseJson(body: Buffer, what: string): Record<string, unknown> {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new FetchError(`${what} is not a JSON object`);
}

function selectPlatform(index: Record<string, unknown>, wanted: string): Descriptor {
  const [os, architecture, variant] = wanted.split('/');
  const entries = (Array.isArray(index['manifests']) ? index['manifests'] : []) as Descriptor[];
  const match = entries.find((e) => e.platform?.os === os && e.platform?.architecture === architecture && (!variant || e.platform?.variant === variant));
  if (!match) {
    const available = entries.map((e) => [e.platform?.os, e.platform?.architecture, e.platform?.variant].filter(Boolean).join('/')).join(', ');
    throw new FetchError(`no image for platform ${wanted} in the index (available: ${available || 'none'})`);
  }
  return match;
}

export async function fetchDockerImage(url: string, destDir: string, policy: FetchPolicy, opts: DockerFetchOptions = {}): Promise<FetchedImage> {
  const ref = parseDockerReference(url);
  await mkdir(destDir, { recursive: true });
  const temp = join(destDir, `.fetch-${randomUUID()}.part`);
  const client = new RegistryClient(ref, policy, opts.signal);
  try {
    const blobs = join(temp, 'blobs', 'sha256');
    await mkdir(blobs, { recursive: true });
    const writeDoc = async (digest: string, body: Buffer) => {
      client.account(body.length);
      await writeFile(join(blobs, digest.slice('sha256:'.length)), body);
    };
    let top = await client.manifest(ref.reference, ACCEPT);
    let doc = parseJson(top.body, `manifest of ${ref.name}`);
    let indexDigest: string | null = null;
    let platform: Descriptor['platform'] | null = null;
    const topType = top.mediaType || String(doc['mediaType'] ?? '');
    if (topType === OCI_INDEX || topType === DOCKER_LIST || (!topType && Array.isArray(doc['manifests']))) {
      indexDigest = top.digest;
      const chosen = selectPlatform(doc, opts.platform ?? 'linux/amd64');
      platform = chosen.platform ?? null;
      top = await client.manifest(chosen.digest ?? '', [OCI_MANIFEST, DOCKER_MANIFEST]);
      if (chosen.digest !== top.digest) throw new FetchError(`manifest ${chosen.digest}: the registry served another digest (${top.digest})`);
      doc = parseJson(top.body, `manifest ${top.digest}`);
    }
    const manifestType = top.mediaType || String(doc['mediaType'] ?? '') || OCI_MANIFEST;
    if (manifestType !== OCI_MANIFEST && manifestType !== DOCKER_MANIFEST) throw new FetchError(`unsupported manifest media type ${manifestType} for ${ref.name}`);
    await writeDoc(top.digest, top.body);
    const config = (doc['config'] ?? {}) as Descriptor;
    const layers = (Array.isArray(doc['layers']) ? doc['layers'] : []) as Descriptor[];
    let size = top.body.length;
    for (const blob of [config, ...layers]) {
      const digest = blob.digest ?? '';
      size += await client.blob(digest, join(blobs, digest.slice('sha256:'.length)));
    }
    const annotations: Record<string, string> = { 'io.containerd.image.name': ref.name, 'org.opencontainers.image.ref.name': ref.tag ?? ref.digest ?? '' };
    const descriptor = { mediaType: manifestType, digest: top.digest, size: top.body.length, ...(platform ? { platform } : {}), annotations };
    await writeFile(join(temp, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
    await writeFile(join(temp, 'index.json'), JSON.stringify({ schemaVersion: 2, mediaType: OCI_INDEX, manifests: [descriptor] }));
    const path = join(destDir, imageLayoutName(ref));
    await rm(path, { recursive: true, force: true });
    await rename(temp, path);
    const platformName = platform ? [platform.os, platform.architecture, platform.variant].filter(Boolean).join('/') : null;
    return { path, reference: ref, manifestDigest: top.digest, configDigest: config.digest ?? '', indexDigest, platform: platformName, layers: layers.length, size };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (error instanceof FetchError) throw new FetchError(`Could not fetch: ${url}: ${error.message}`, { cause: error });
    const reason = findRefusal(error)?.message ?? (error instanceof Error ? error.message : String(error));
    throw new FetchError(`Could not fetch: ${url}: ${reason}`, { cause: error });
  } finally {
    client.close();
  }
}

/**
 * An OCI layout directory packed as an uncompressed tar (`<dir>.tar`, an "OCI archive"): one
 * input file, as ScanCode.io's docker fetch leaves one tarball. Returns the archive's path.
 */
export async function ociArchive(layoutDir: string, archivePath = `${layoutDir}.tar`): Promise<string> {
  const packer = pack();
  const out = pipeline(packer, createWriteStream(archivePath));
  const add = async (rel: string): Promise<void> => {
    const st = await stat(join(layoutDir, rel));
    if (st.isDirectory()) {
      packer.entry({ name: `${rel}/`, type: 'directory' });
      for (const name of (await readdir(join(layoutDir, rel))).sort()) await add(`${rel}/${name}`);
      return;
    }
    const entry = packer.entry({ name: rel, size: st.size });
    await pipeline(createReadStream(join(layoutDir, rel)), entry);
  };
  for (const name of ['oci-layout', 'index.json', 'blobs']) await add(name);
  packer.finalize();
  await out;
  return archivePath;
}
