/**
 * An image built in the test from real Debian packages and a real npm package, read by the
 * engine layer by layer (as the analyze_docker_image pipeline will) and scanned squashed by
 * `codescan --image`.
 */
import { mkdir, mkdtemp, readFile, readlink, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { addNpmPackage, buildDebianRoot, tarDirectory, type DebPackage } from '../container/__fixtures__/debian-image';
import { dockerArchive } from '../container/__fixtures__/image-writers';
import { extractImageLayers, layerTag } from '../container/extract-layers';
import { imagesFromInput } from '../container/find-images';
import { installedPackagesOfLayers, modifiedInstalledFiles } from '../container/image-packages';
import { detectImageDistro } from '../container/rootfs-distro';
import { main } from './codescan';

const DEBS = ['base-files', 'dash', 'debianutils', 'zlib1g', 'libc6'];

jest.setTimeout(240_000);

let work: string;
let imageTar: string;
let debs: DebPackage[];
let npm: { name: string; version: string };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'codescan-image-'));
  const l1 = join(work, 'layer1');
  const l2 = join(work, 'layer2');
  debs = await buildDebianRoot(work, l1, DEBS);
  await mkdir(l2, { recursive: true });
  npm = await addNpmPackage(work, l2, 'is-number@7.0.0');
  // Layer 2 deletes a first-layer directory and a file, as `RUN rm -rf` would.
  await mkdir(join(l2, 'usr/share/doc'), { recursive: true });
  await writeFile(join(l2, 'usr/share/doc/.wh.zlib1g'), '');
  await mkdir(join(l2, 'etc'), { recursive: true });
  await writeFile(join(l2, 'etc/.wh.debian_version'), '');
  tarDirectory(l1, join(work, 'layer1.tar'));
  tarDirectory(l2, join(work, 'layer2.tar'));
  imageTar = join(work, 'debian-npm.tar');
  await writeFile(imageTar, await dockerArchive([{ tags: ['test/debian-npm:1'], layers: [await readFile(join(work, 'layer1.tar')), await readFile(join(work, 'layer2.tar'))] }]));
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('an image of real Debian packages and an npm package', () => {
  it('gives the Debian distro and every dpkg package once, in the bottom layer, with its installed files', async () => {
    const found = await imagesFromInput(imageTar, join(work, 'tmp'));
    expect(found.problems).toEqual([]);
    const [image] = found.images;
    expect(await extractImageLayers(image, join(work, 'codebase'))).toEqual([]);
    expect(await detectImageDistro(image)).toMatchObject({ identifier: 'debian', version_id: '12', os: 'linux', architecture: 'amd64' });
    const layers = image.layers.map((l, i) => ({ dir: l.extractedLocation ?? '', tag: layerTag(image.image_id, l.sha256, i + 1) }));
    const result = await installedPackagesOfLayers(layers);
    expect(result.packages.map((p) => [p.package.name, p.package.version, p.package.namespace, p.tag]).sort()).toEqual(
      debs.map((d) => [d.name, d.version, 'debian', layers[0].tag]).sort(),
    );
    const libc = result.packages.find((p) => p.package.name === 'libc6');
    // The .list paths, with the md5 of every regular file from .md5sums (links have none).
    expect(libc?.installedFiles.every((f) => f.path.startsWith('/'))).toBe(true);
    expect(libc?.installedFiles.filter((f) => /^[a-f0-9]{32}$/.test(f.md5 ?? '')).length).toBeGreaterThan(20);
    expect(libc?.installedFiles.find((f) => f.path === '/lib64/ld-linux-x86-64.so.2')).toMatchObject({ md5: null });
    const bottom = layers[0].dir;
    expect(await modifiedInstalledFiles(bottom, libc?.installedFiles ?? [])).toEqual([]);
    // Absolute links of the packages (libc6's /lib64 loader link) now resolve inside the layer.
    const loader = join(bottom, 'lib64/ld-linux-x86-64.so.2');
    expect(await readlink(loader)).not.toMatch(/^\//);
    expect((await realpath(loader)).startsWith(await realpath(bottom))).toBe(true);
    // A changed file is reported as modified against its md5sums entry.
    const changed = libc?.installedFiles.find((f) => f.path.startsWith('/usr/share/doc/libc6/'));
    await writeFile(join(bottom, changed?.path ?? ''), 'changed');
    expect(await modifiedInstalledFiles(bottom, libc?.installedFiles ?? [])).toEqual([changed?.path]);
  });

  it('codescan --image scans the squashed root: each dpkg package once, the npm package, nothing whited out', async () => {
    const out = join(work, 'scan.json');
    expect(await main(['--image', imageTar, '--package', '--info', '--json', out, '-n', '1', '-q'])).toBe(0);
    const scan = JSON.parse(await readFile(out, 'utf8')) as {
      headers: { extra_data: { images: { tags: string[]; distro: { identifier: string }; layers: unknown[] }[] } }[];
      packages: { purl: string; type: string; name: string; version: string }[];
      files: { path: string }[];
    };
    const purls = scan.packages.map((p) => p.purl);
    for (const d of debs) expect(purls.filter((p) => p.startsWith(`pkg:deb/debian/${d.name}@`))).toHaveLength(1);
    expect(scan.packages.filter((p) => p.type === 'npm').map((p) => [p.name, p.version])).toEqual([[npm.name, npm.version]]);
    const paths = scan.files.map((f) => f.path);
    const root = 'debian-npm.tar-extract';
    expect(paths).toContain(`${root}/app/node_modules/${npm.name}/package.json`);
    expect(paths).toContain(`${root}/usr/share/doc/dash/copyright`);
    expect(paths.filter((p) => p.startsWith(`${root}/usr/share/doc/zlib1g`))).toEqual([]);
    expect(paths).not.toContain(`${root}/etc/debian_version`);
    expect(paths.filter((p) => p.split('/').pop()?.startsWith('.wh.'))).toEqual([]);
    expect(scan.headers[0].extra_data.images).toEqual([expect.objectContaining({ tags: ['test/debian-npm:1'], distro: expect.objectContaining({ identifier: 'debian' }) })]);
    expect(scan.headers[0].extra_data.images[0].layers).toHaveLength(2);
  });

  it('refuses to guess what to scan', async () => {
    await expect(main(['--json', join(work, 'x.json')])).rejects.toThrow(/give a <path> to scan, or --image <image>/);
    await expect(main([resolve(dirname(imageTar)), '--image', imageTar, '--json', join(work, 'x.json')])).rejects.toThrow(/one of them/);
  });
});
