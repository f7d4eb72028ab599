/**
 * The docker:// client against a real registry: Debian's docker-registry (the CNCF distribution
 * server) on a free loopback port, an image built here and pushed with skopeo, pulled back by
 * tag and by digest, read with the scanner's image reader, and refused once a blob in the
 * registry's storage is tampered with. docker-registry and skopeo come from scripts/test-tools.sh.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack } from 'tar-stream';
import { findImages, extractImageLayers, imagesFromInput } from '@sca/scanner';
import { startLocalRegistry, type LocalRegistry } from '@sca/testing';
import type { FetchPolicy } from './fetch-policy';
import { fetchDockerImage, ociArchive } from './oci-registry-fetch';

jest.setTimeout(60_000);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function tarOf(entries: { name: string; data?: string | Buffer; type?: 'file' | 'symlink' | 'directory'; linkname?: string }[]): Promise<Buffer> {
  const packer = pack();
  const chunks: Buffer[] = [];
  packer.on('data', (c) => {
    chunks.push(c as Buffer);
  });
  const done = new Promise<void>((resolve) => packer.on('end', resolve));
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    const file = (e.type ?? 'file') === 'file';
    packer.entry({ name: e.name, type: e.type ?? 'file', linkname: e.linkname, size: file ? data.length : 0 }, file ? data : Buffer.alloc(0));
  }
  packer.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A one-layer `docker save` archive, as skopeo's docker-archive transport reads it. */
async function dockerArchive(): Promise<Buffer> {
  const layer = await tarOf([
    { name: 'etc/', type: 'directory' },
    { name: 'etc/os-release', data: 'ID=alpine\nVERSION_ID=3.19.1\n' },
    { name: 'hello.txt', data: 'hello from the registry\n' },
    { name: 'hi.txt', type: 'symlink', linkname: '/hello.txt' },
  ]);
  const config = Buffer.from(JSON.stringify({
    architecture: 'amd64', os: 'linux', created: '2024-01-02T03:04:05Z', config: {},
    history: [{ created: '2024-01-02T03:04:05Z', created_by: 'ADD hello.txt /' }],
    rootfs: { type: 'layers', diff_ids: [`sha256:${sha256(layer)}`] },
  }));
  const manifest = JSON.stringify([{ Config: `${sha256(config)}.json`, RepoTags: ['test/img:1'], Layers: [`${sha256(layer)}/layer.tar`] }]);
  return tarOf([{ name: `${sha256(config)}.json`, data: config }, { name: `${sha256(layer)}/layer.tar`, data: layer }, { name: 'manifest.json', data: manifest }]);
}

describe('fetchDockerImage against docker-registry, with an image pushed by skopeo', () => {
  let work: string;
  let registry: LocalRegistry;
  const policy = (): FetchPolicy => ({ allowedHosts: ['127.0.0.1'], maxBytes: 50_000_000, timeoutMs: 10_000 });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'oci-registry-'));
    registry = await startLocalRegistry();
    await writeFile(join(work, 'img.tar'), await dockerArchive());
    await registry.push(join(work, 'img.tar'), 'test/img:1');
  });

  afterAll(async () => {
    await registry?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('pulls by tag and by digest into an OCI layout the image reader takes, as a directory or as an archive', async () => {
    const byTag = await fetchDockerImage(`docker://${registry.host}/test/img:1`, join(work, 'pull-tag'), policy());
    expect(byTag).toMatchObject({ path: join(work, 'pull-tag', 'img_1'), layers: 1, indexDigest: null });
    const { images, problems } = await findImages(byTag.path);
    expect(problems).toEqual([]);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ image_format: 'oci', tags: [`${registry.host}/test/img:1`], architecture: 'amd64', config_digest: byTag.configDigest });
    expect(images[0].layers[0].created_by).toBe('ADD hello.txt /');
    expect(await extractImageLayers(images[0], join(work, 'layers'))).toEqual([]);
    expect(await readFile(join(images[0].layers[0].extractedLocation ?? '', 'hi.txt'), 'utf8')).toBe('hello from the registry\n');

    const byDigest = await fetchDockerImage(`docker://${registry.host}/test/img@${byTag.manifestDigest}`, join(work, 'pull-digest'), policy());
    expect(byDigest).toMatchObject({ manifestDigest: byTag.manifestDigest, configDigest: byTag.configDigest, path: join(work, 'pull-digest', `img_sha256-${byTag.manifestDigest.slice(7, 19)}`) });
    const archive = await ociArchive(byDigest.path);
    const fromArchive = await imagesFromInput(archive, join(work, 'tmp'));
    expect(fromArchive.problems).toEqual([]);
    expect(fromArchive.images.map((i) => i.image_id)).toEqual([byTag.configDigest.slice(7)]);
  });

  it('refuses an unknown digest, and a blob tampered with in the registry storage', async () => {
    await expect(fetchDockerImage(`docker://${registry.host}/test/img@sha256:${'0'.repeat(64)}`, join(work, 'unknown'), policy())).rejects.toThrow(/HTTP 404 \(MANIFEST_UNKNOWN/);
    const pulled = await fetchDockerImage(`docker://${registry.host}/test/img:1`, join(work, 'before-tamper'), policy());
    const manifest = JSON.parse(await readFile(join(pulled.path, 'blobs', 'sha256', pulled.manifestDigest.slice(7)), 'utf8')) as { layers: { digest: string }[] };
    const hex = manifest.layers[0].digest.slice(7);
    const stored = registry.blobPath(manifest.layers[0].digest);
    const bytes = await readFile(stored);
    bytes[bytes.length - 1] ^= 0xff;
    await writeFile(stored, bytes);
    await expect(fetchDockerImage(`docker://${registry.host}/test/img:1`, join(work, 'after-tamper'), policy())).rejects.toThrow(
      new RegExp(`blob sha256:${hex}: digest mismatch: expected sha256:${hex}, received content has sha256:(?!${hex})`),
    );
  });
});
