/**
 * analyze_docker_image on inputs that are not one plain image: several images in one docker
 * save (ScanCode.io's docker-images.tar.gz), an input with no image, an input that is not an
 * archive beside an image.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scancodeioTestdata, usePipelineHarness } from '@sca/testing';

const harness = usePipelineHarness();

describe('analyze_docker_image with two images in one docker save', () => {
  it('records both images, and layers shared by both once, each with its layer tag', async () => {
    const r = await harness().run({ pipeline: 'analyze_docker_image', inputs: [scancodeioTestdata('docker', 'docker-images.tar.gz')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    const images = r.extraData['images'] as { image_id: string; tags: string[]; layers: { layer_id: string }[] }[];
    expect(images.map((i) => i.tags)).toEqual([['microscaling/microscaling:latest'], ['bkimminich/juice-shop-ctf:latest']]);
    const layerDirs = r.resources.filter((x) => x.extra_data['layer']).map((x) => x.path);
    const layerIds = new Set(images.flatMap((i) => i.layers.map((l) => l.layer_id)));
    expect(layerDirs).toHaveLength(layerIds.size);
    expect(r.resources.filter((x) => x.extra_data['layer']).every((x) => /^img-[0-9a-f]{6}-layer-\d\d-[0-9a-f]{6}$/.test(x.tag))).toBe(true);
    // The fixture's layer archives were replaced by an empty tar, whose digest differs from the
    // declared one (a warning, not an error), and which holds no distro (one error per image).
    expect(r.messages.map((m) => [m.severity, m.model, m.severity === 'error' ? m.description : ''])).toEqual([
      ['warning', 'analyze_docker_image', ''],
      ['error', 'analyze_docker_image', 'Distro not found.'],
      ['error', 'analyze_docker_image', 'Distro not found.'],
    ]);
    expect(r.messages[0].description).toMatch(/differs from its declared digest/);
  }, 120_000);
});

describe('analyze_docker_image without an image', () => {
  it('fails with ScanCode.io\'s message when no input holds an image', async () => {
    const r = await harness().run({ pipeline: 'analyze_docker_image', inputs: [scancodeioTestdata('rootfs', 'basic-rootfs.tar.gz')] });
    expect(r.status).toBe('failure');
    expect(r.taskOutput).toMatch(/^No images found in project input files\./);
  }, 60_000);

  it('skips an input that is not an archive and analyzes the image beside it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-inputs-'));
    writeFileSync(join(dir, 'notes.txt'), 'not an image\n');
    copyFileSync(scancodeioTestdata('docker', 'debian.tar.gz'), join(dir, 'debian.tar.gz'));
    const r = await harness().run({ pipeline: 'analyze_docker_image', inputs: [join(dir, 'notes.txt'), join(dir, 'debian.tar.gz')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.log).toMatch(/notes\.txt: not an image archive, skipped/);
    expect(r.packages.map((p) => p.name).sort()).toEqual(['libncurses5', 'libndp0']);
  }, 60_000);
});

describe('analyze_root_filesystem_or_vm_image on a tree without a distro', () => {
  it('records ScanCode.io\'s "Distro not found." and still scans the files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rootfs-nodistro-'));
    mkdirSync(join(dir, 'tree', 'opt', 'tool'), { recursive: true });
    writeFileSync(join(dir, 'tree', 'opt', 'tool', 'README'), 'Licensed under the MIT license.\n');
    execFileSync('tar', ['-czf', join(dir, 'tree.tar.gz'), '-C', join(dir, 'tree'), '.']);
    const r = await harness().run({ pipeline: 'analyze_root_filesystem_or_vm_image', inputs: [join(dir, 'tree.tar.gz')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    expect(r.messages.map((m) => [m.severity, m.model, m.description])).toEqual([['error', 'analyze_root_filesystem_or_vm_image', 'Distro not found.']]);
    expect(r.extraData['root_filesystems']).toEqual([{ name: 'tree.tar.gz-extract', distro: {} }]);
    const readme = r.resources.find((x) => x.name === 'README');
    expect(readme).toMatchObject({ path: 'tree.tar.gz-extract/opt/tool/README', status: 'scanned', detected_license_expression: 'mit' });
    expect(r.resources.every((x) => x.status !== '')).toBe(true);
  }, 60_000);
});

describe('analyze_docker_image on ScanCode.io\'s centos.tar.gz (a BDB rpmdb; ScanCode.io ships no expected results for it)', () => {
  it('creates one package per rpm of the database, layer-tagged, with the files the layer lacks recorded as missing', async () => {
    const r = await harness().run({ pipeline: 'analyze_docker_image', inputs: [scancodeioTestdata('docker', 'centos.tar.gz')] });
    expect([r.status, r.taskOutput]).toEqual(['success', '']);
    // rpm itself reads 101 packages from this database (libs/scanner/src/container/scancodeio-images.int-spec.ts).
    expect(r.packages).toHaveLength(101);
    expect(new Set(r.packages.map((p) => p.tag))).toEqual(new Set(['img-c967b7-layer-01-a10cf7']));
    expect(r.packages.every((p) => p.type === 'rpm' && p.namespace === 'centos')).toBe(true);
    // The fixture's layer holds the rpmdb only: each package's files are the toolkit's missing references.
    const bash = r.packages.find((p) => p.name === 'bash');
    const missing = (bash?.extra_data['missing_file_references'] as { path: string }[]).map((m) => m.path);
    expect(missing).toEqual(expect.arrayContaining([expect.stringMatching(/^\/?usr\/bin\/bash$/)]));
    // What the layer has of the packages' files is linked to the package that installed it: the
    // release file, and the rpmdb files the rpm package owns.
    const owner = (suffix: string) => r.packages.find((p) => r.resources.find((x) => x.path.endsWith(suffix))?.for_packages.includes(p.package_uid))?.name;
    expect(owner('/etc/os-release')).toBe('redhat-release');
    expect(owner('/var/lib/rpm/Packages')).toBe('rpm');
    expect(r.resources.filter((x) => x.status === '')).toEqual([]);
  }, 180_000);
});
