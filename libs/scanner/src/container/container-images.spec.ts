import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { zstdFrame } from '../archive/__fixtures__/cpio-writers';
import { listTree } from '../archive/__fixtures__/fixture-files';
import { dockerArchive, layerTar, sha256, writeOciIndex, writeOciLayoutTop, writeOciManifest } from './__fixtures__/image-writers';
import { extractImageLayers, layerTag } from './extract-layers';
import { imagesFromInput } from './find-images';
import { imageData } from './image-data';
import { squashLayers } from './squash-layers';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'container-images-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

const baseLayer = () => layerTar([
  { name: './', type: 'directory' },
  { name: 'etc/', type: 'directory' },
  { name: 'etc/os-release', type: 'symlink', linkname: '../usr/lib/os-release' },
  { name: 'usr/lib/os-release', data: 'ID=alpine\nVERSION_ID=3.19.1\n' },
  { name: 'bin/busybox', data: 'bb', mode: 0o755 },
  { name: 'bin/sh', type: 'symlink', linkname: '/bin/busybox' },
]);

describe('images in an input', () => {
  it.each([
    ['plain', 'img.tar', (b: Buffer) => b],
    ['gzip', 'img.tar.gz', (b: Buffer) => gzipSync(b)],
    ['zstd', 'img.tar.zst', (b: Buffer) => zstdFrame(b)],
    ['xz', 'img.tar.xz', (b: Buffer) => execFileSync('xz', ['-c'], { input: b })],
  ])('reads a %s docker save archive with two images', async (_kind, name, compress) => {
    const layer = await baseLayer();
    const top = await layerTar([{ name: 'app/', type: 'directory' }, { name: 'app/main.js', data: 'x' }]);
    const input = join(work, name);
    await writeFile(input, compress(await dockerArchive([{ tags: ['a:1'], layers: [layer] }, { tags: ['b:2', 'b:latest'], layers: [layer, top] }])));
    const found = await imagesFromInput(input, join(work, 'tmp'));
    expect(found.problems).toEqual([]);
    expect(found.extractedTo).toBe(join(work, 'tmp', `${name}-extract`));
    expect(found.images.map((i) => [i.image_format, i.tags, i.layers.length])).toEqual([['docker', ['a:1'], 1], ['docker', ['b:2', 'b:latest'], 2]]);
    expect(found.images[1].layers.map((l) => l.sha256)).toEqual([sha256(layer), sha256(top)]);
    expect(found.images[1].layers[1]).toMatchObject({ created_by: 'step 2', size: top.length });
    expect(imageData(found.images[0])).toMatchObject({ labels: { 'org.example.name': 'test' }, architecture: 'amd64', history: [{ created_by: 'step 1' }] });
    // The shared bottom layer is extracted once, for both images.
    const codebase = join(work, 'codebase');
    expect(await extractImageLayers(found.images, codebase)).toEqual([]);
    expect((await readdir(codebase)).sort()).toEqual([sha256(layer), sha256(top)].sort());
    expect(layerTag(found.images[1].image_id, sha256(top), 2)).toBe(`img-${found.images[1].image_id.slice(0, 6)}-layer-02-${sha256(top).slice(0, 6)}`);
  });

  it('leaves the layers of an uncompressed archive in it and extracts them from there, with the same image model and files', async () => {
    const layer = await baseLayer();
    const top = await layerTar([{ name: 'app/', type: 'directory' }, { name: 'app/main.js', data: 'x' }]);
    const input = join(work, 'img.tar');
    await writeFile(input, await dockerArchive([{ tags: ['a:1'], layers: [layer] }, { tags: ['b:2'], layers: [layer, top] }]));
    const usual = await imagesFromInput(input, join(work, 'usual'), { embedMinBytes: Infinity });
    const inPlace = await imagesFromInput(input, join(work, 'in-place'), { embedMinBytes: 0 });
    expect(inPlace.problems).toEqual([]);
    expect(inPlace.images.map((i) => imageData(i, { layerPathSegments: 2 }))).toEqual(usual.images.map((i) => imageData(i, { layerPathSegments: 2 })));
    // Nothing of the layers was written out: an empty file stands where each would be, read from the input instead.
    const [bottom, upper] = inPlace.images[1].layers;
    expect((await lstat(bottom.archiveLocation)).size).toBe(0);
    expect(bottom.archiveSource).toMatchObject({ path: input, end: expect.any(Number) });
    expect((bottom.archiveSource?.end ?? 0) - (bottom.archiveSource?.start ?? 0)).toBe(layer.length);
    expect(usual.images[1].layers[0].archiveSource).toBeNull();
    await extractImageLayers(usual.images, join(work, 'usual-codebase'));
    expect(await extractImageLayers(inPlace.images, join(work, 'in-place-codebase'))).toEqual([]);
    expect(await listTree(join(work, 'in-place-codebase'))).toEqual(await listTree(join(work, 'usual-codebase')));
    expect(await readFile(join(upper.extractedLocation ?? '', 'app/main.js'), 'utf8')).toBe('x');
  });

  it('reads an OCI layout: a multi-arch index resolved for a platform, attestations skipped, a second image beside it', async () => {
    const dir = join(work, 'oci');
    const amd = await writeOciManifest(dir, { layers: [await baseLayer()] });
    const arm = await writeOciManifest(dir, { layers: [await layerTar([{ name: 'arm', data: 'arm' }])], architecture: 'arm64' });
    const attestation = await writeOciManifest(dir, { layers: [await layerTar([{ name: 'sbom.json', data: '{}' }])] });
    const index = await writeOciIndex(dir, [
      { ...amd, platform: { os: 'linux', architecture: 'amd64' } },
      { ...arm, platform: { os: 'linux', architecture: 'arm64', variant: 'v8' } },
      { ...attestation, platform: { os: 'unknown', architecture: 'unknown' } },
    ]);
    const single = await writeOciManifest(dir, { layers: [await layerTar([{ name: 'only', data: '1' }])] }, false);
    await writeOciLayoutTop(dir, [
      { ...index, annotations: { 'io.containerd.image.name': 'docker.io/library/multi:1', 'org.opencontainers.image.ref.name': '1' } },
      { ...single, annotations: { 'org.opencontainers.image.ref.name': 'single' } },
    ]);
    const found = await imagesFromInput(dir, join(work, 'tmp'));
    expect(found.problems).toEqual([]);
    expect(found.images.map((i) => [i.image_format, i.tags, i.architecture, i.layers[0].mediaType])).toEqual([
      ['oci', ['docker.io/library/multi:1'], 'amd64', 'application/vnd.oci.image.layer.v1.tar+gzip'],
      ['oci', ['single'], 'amd64', 'application/vnd.oci.image.layer.v1.tar'],
    ]);
    const arm64 = await imagesFromInput(dir, join(work, 'tmp'), { platform: 'linux/arm64' });
    expect(arm64.images[0].architecture).toBe('arm64');
    const none = await imagesFromInput(dir, join(work, 'tmp'), { platform: 'linux/s390x' });
    expect(none.problems).toEqual([{ path: 'index.json[0]', message: 'image skipped: no manifest for linux/s390x in the index (available: linux/amd64, linux/arm64/v8, unknown/unknown)', severity: 'error' }]);
    // An OCI layout archived as a tar reads the same.
    const tar = join(work, 'oci.tar');
    execFileSync('tar', ['-C', dir, '-cf', tar, '.']);
    expect((await imagesFromInput(tar, join(work, 'tmp'))).images.map((i) => i.image_id)).toEqual(found.images.map((i) => i.image_id));
  });

  it('refuses image JSON pointing outside the image, and says when the input is no image', async () => {
    const input = join(work, 'evil.tar');
    const { execFileSync: run } = await import('node:child_process');
    const dir = join(work, 'evil');
    await mkdir(dir);
    await writeFile(join(dir, 'manifest.json'), JSON.stringify([{ Config: '../../../etc/hostname', Layers: [] }, { Config: 'c.json', Layers: ['/etc/passwd'] }]));
    await writeFile(join(dir, 'c.json'), JSON.stringify({ rootfs: { type: 'layers', diff_ids: ['sha256:x'] } }));
    run('tar', ['-C', dir, '-cf', input, '.']);
    const found = await imagesFromInput(input, join(work, 'tmp'));
    expect(found.images).toEqual([]);
    expect(found.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('".." segments refused'),
      expect.stringContaining('absolute path refused'),
    ]);
    const notImage = join(work, 'plain.tar');
    run('tar', ['-C', dir, '-cf', notImage, 'c.json']);
    expect((await imagesFromInput(notImage, join(work, 'tmp'))).problems).toEqual([
      { path: 'plain.tar', message: 'not a container image: no manifest.json, nor an OCI layout (oci-layout, index.json, blobs/)', severity: 'error' },
    ]);
  });
});

describe('hostile layers', () => {
  it('contains ../ paths, absolute links, devices and bombs exactly as the archive extractor does', async () => {
    const evil = await layerTar([
      { name: '../escaped.txt', data: 'x' },
      { name: 'a/../../escaped2.txt', data: 'x' },
      { name: 'etc/passwd-link', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'up', type: 'symlink', linkname: '../../../../outside' },
      { name: 'up/pwned.txt', data: 'x' },
      { name: 'dev/null', type: 'character-device' },
      { name: 'ok.txt', data: 'ok' },
    ]);
    const bomb = gzipSync(await layerTar([{ name: 'zeros', data: Buffer.alloc(8 * 1024 * 1024) }]));
    const dir = join(work, 'oci');
    const manifest = await writeOciManifest(dir, { layers: [evil] }, false);
    // The bomb goes in as is (already gzipped): the layer blob is what the ratio is measured on.
    const { writeFile: write } = await import('node:fs/promises');
    await write(join(dir, 'blobs', 'sha256', sha256(bomb)), bomb);
    const doc = JSON.parse(await readFile(join(dir, 'blobs', 'sha256', manifest.digest.slice(7)), 'utf8')) as { layers: unknown[] };
    doc.layers.push({ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: `sha256:${sha256(bomb)}`, size: bomb.length });
    const patched = Buffer.from(JSON.stringify(doc));
    await write(join(dir, 'blobs', 'sha256', sha256(patched)), patched);
    await writeOciLayoutTop(dir, [{ ...manifest, digest: `sha256:${sha256(patched)}`, size: patched.length }]);

    const { images } = await imagesFromInput(dir, join(work, 'tmp'));
    const codebase = join(work, 'codebase');
    const problems = await extractImageLayers(images[0], codebase, { limits: { maxTotalBytes: 1024 * 1024, maxRatio: 1000, maxDepth: 1, maxEntries: 1000 } });
    const evilId = sha256(evil);
    expect(problems.filter((p) => p.path.startsWith(evilId)).map((p) => [p.path.slice(evilId.length + 2), p.severity, p.message])).toEqual([
      ['../escaped.txt', 'error', expect.stringContaining('".." segments refused')],
      ['a/../../escaped2.txt', 'error', expect.stringContaining('".." segments refused')],
      ['up', 'error', 'symlink to "../../../../outside" points outside the target; refused'],
      ['dev/null', 'warning', 'character-device not extracted'],
    ]);
    expect(problems.filter((p) => p.path.startsWith(sha256(bomb)))).toEqual([
      { path: sha256(bomb), message: expect.stringMatching(/limit/), severity: 'error' },
    ]);
    // The absolute link now points at the layer's own etc/passwd, never at this machine's.
    expect(await readlink(join(codebase, evilId, 'etc/passwd-link'))).toBe('passwd');
    expect(await listTree(join(codebase, evilId))).toEqual(['etc/', 'etc/passwd-link', 'ok.txt', 'up/', 'up/pwned.txt']);
    expect((await readdir(work)).sort()).toEqual(['codebase', 'oci']);
    expect((await readdir(codebase)).sort()).toEqual([evilId, sha256(bomb)].sort());
  });
});

describe('squashLayers', () => {
  it('stacks layers as a runtime does: whiteouts, opaque directories and replaced paths applied, markers gone', async () => {
    const l1 = join(work, 'l1');
    const l2 = join(work, 'l2');
    for (const [root, files] of [
      [l1, { 'etc/passwd': 'root', 'etc/hosts': 'h', 'usr/share/doc/a/copyright': 'c', 'var/cache/apt/pkg': 'p', 'bin/busybox': 'bb' }],
      [l2, { 'etc/.wh.passwd': '', 'usr/share/doc/.wh.a': '', 'var/cache/.wh..wh..opq': '', 'var/cache/fresh': 'f', 'etc/hosts': 'h2' }],
    ] as const) {
      for (const [rel, content] of Object.entries(files)) {
        await mkdir(join(root, rel, '..'), { recursive: true });
        await writeFile(join(root, rel), content);
      }
    }
    const { symlink } = await import('node:fs/promises');
    await symlink('busybox', join(l1, 'bin/sh'));
    const target = join(work, 'rootfs');
    const result = await squashLayers([l1, l2], target);
    expect(await listTree(target)).toEqual(['bin/', 'bin/busybox', 'bin/sh', 'etc/', 'etc/hosts', 'usr/', 'usr/share/', 'usr/share/doc/', 'var/', 'var/cache/', 'var/cache/fresh']);
    expect(await readFile(join(target, 'etc/hosts'), 'utf8')).toBe('h2');
    expect((await lstat(join(target, 'bin/sh'))).isSymbolicLink()).toBe(true);
    expect(result.hidden.filter((h) => h.layer === 0).map((h) => [h.path, h.reason]).sort()).toEqual([
      ['etc/hosts', 'overwritten'], ['etc/passwd', 'whiteout'], ['usr/share/doc/a', 'whiteout'], ['usr/share/doc/a/copyright', 'whiteout'],
      ['var/cache/apt', 'opaque-directory'], ['var/cache/apt/pkg', 'opaque-directory'],
    ]);
  });
});
