/**
 * extractVmImage with the real libguestfs (guestfish in its qemu appliance) on disk images built
 * here from ScanCode.io's basic-rootfs fixture: mkfs.ext4 fills a file system from a directory,
 * sfdisk partitions, qemu-img converts. Each extraction starts the appliance once (about 15 s
 * under TCG). libguestfs-tools and a kernel come from scripts/test-tools.sh.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractArchive } from '../archive/extract-archive';
import { DEFAULT_EXTRACTION_LIMITS } from '../archive/extraction-types';
import { testdataPath } from '../container/__fixtures__/scancodeio-testdata';
import { extractVmImage } from './extract-vm-image';
import { vmImageKind } from './vm-image-kind';

const APPLIANCE_TIMEOUT = 240_000;
let work: string;
let rootfs: string;

beforeAll(async () => {
  for (const tool of ['guestfish', 'qemu-img', 'mkfs.ext4', 'sfdisk']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'pipe' });
    } catch {
      throw new Error(`${tool} is not installed: scripts/test-tools.sh installs it (apt-get install libguestfs-tools)`);
    }
  }
  work = mkdtempSync(join(tmpdir(), 'vm-image-int-'));
  rootfs = join(work, 'rootfs');
  const result = await extractArchive(testdataPath('rootfs', 'basic-rootfs.tar.gz'), rootfs);
  expect(result.problems).toEqual([]);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command: string, ...args: string[]): void {
  execFileSync(command, args, { stdio: 'pipe' });
}

/** A raw disk file of `sizeMiB` holding one ext4 file system filled from `dir` at `offsetMiB`. */
function ext4(disk: string, dir: string, offsetMiB: number, sizeMiB: number): void {
  run('mkfs.ext4', '-q', '-F', '-d', dir, '-E', `offset=${offsetMiB * 1024 * 1024}`, disk, `${sizeMiB}M`);
}

/** An empty (sparse) disk of `sizeMiB` partitioned by sfdisk from its script. */
function partitioned(disk: string, sizeMiB: number, script: string): void {
  writeFileSync(disk, '');
  truncateSync(disk, sizeMiB * 1024 * 1024);
  execFileSync('sfdisk', ['-q', disk], { input: script, stdio: ['pipe', 'pipe', 'pipe'] });
}

function convert(raw: string, format: string, output: string): string {
  run('qemu-img', 'convert', '-f', 'raw', '-O', format, raw, output);
  return output;
}

function read(path: string): string {
  return readFileSync(path, 'utf8');
}

const ROOTFS_FILES = ['etc/os-release', 'var/lib/dpkg/status', 'var/lib/dpkg/info/libndp0:amd64.md5sums', 'usr/share/doc/libncurses5/copyright'];

describe('extractVmImage with libguestfs', () => {
  it('extracts a qcow2 of a bare ext4 root file system (no OS for inspection) into the target', async () => {
    const raw = join(work, 'bare.raw');
    ext4(raw, rootfs, 0, 16);
    const image = convert(raw, 'qcow2', join(work, 'bare.qcow2'));
    const target = join(work, 'bare-extract');

    const started = Date.now();
    const result = await extractVmImage(image, target);
    console.log(`bare.qcow2 extracted in ${Date.now() - started} ms`);

    expect(result).toMatchObject({ kind: 'qcow2', osRoot: null, mounts: [{ device: '/dev/sda', mountpoint: '/' }], problems: [] });
    for (const file of ROOTFS_FILES) expect(read(join(target, file))).toBe(read(join(rootfs, file)));
    expect(result.files).toBeGreaterThanOrEqual(ROOTFS_FILES.length);
  }, APPLIANCE_TIMEOUT);

  it('inspects a partitioned vmdk with an OS root, mounts it as its fstab says, and keeps absolute links inside the tree', async () => {
    const osRoot = join(work, 'os-root');
    cpSync(rootfs, osRoot, { recursive: true });
    mkdirSync(join(osRoot, 'bin'));
    writeFileSync(join(osRoot, 'bin', 'sh'), '#!/bin/true\n');
    writeFileSync(join(osRoot, 'etc', 'fstab'), 'LABEL=root / ext4 defaults 0 1\n');
    symlinkSync('/bin/sh', join(osRoot, 'usr', 'sh-link'));
    const raw = join(work, 'os.raw');
    partitioned(raw, 20, 'label: dos\nstart=2048, type=83\n');
    ext4(raw, osRoot, 1, 18);
    const image = convert(raw, 'vmdk', join(work, 'os.vmdk'));
    const target = join(work, 'os-extract');

    const result = await extractVmImage(image, target);

    expect(result).toMatchObject({ kind: 'vmdk', osRoot: '/dev/sda1', mounts: [{ device: '/dev/sda1', mountpoint: '/' }], problems: [] });
    for (const file of [...ROOTFS_FILES, 'etc/fstab', 'bin/sh']) expect(read(join(target, file))).toBe(read(join(osRoot, file)));
    expect(readlinkSync(join(target, 'usr', 'sh-link'))).toBe('../bin/sh');
  }, APPLIANCE_TIMEOUT);

  it('extracts each file system of a data disk (vdi, two partitions, no OS) into a directory named after its device', async () => {
    const second = join(work, 'second');
    mkdirSync(second);
    writeFileSync(join(second, 'README'), 'second partition\n');
    const raw = join(work, 'data.raw');
    partitioned(raw, 40, 'label: dos\nstart=2048, size=36864, type=83\nstart=40960, type=83\n');
    ext4(raw, rootfs, 1, 18);
    ext4(raw, second, 20, 19);
    const image = convert(raw, 'vdi', join(work, 'data.vdi'));
    const target = join(work, 'data-extract');

    const result = await extractVmImage(image, target);

    expect(result).toMatchObject({ kind: 'vdi', osRoot: null, problems: [] });
    expect(result.mounts).toEqual([
      { device: '/dev/sda1', mountpoint: '/sda1' },
      { device: '/dev/sda2', mountpoint: '/sda2' },
    ]);
    for (const file of ROOTFS_FILES) expect(read(join(target, 'sda1', file))).toBe(read(join(rootfs, file)));
    expect(read(join(target, 'sda2', 'README'))).toBe('second partition\n');
  }, APPLIANCE_TIMEOUT);

  it('stops at the size limit while the guest tree is written, before extracting anything', async () => {
    const image = join(work, 'bare.qcow2');
    const target = join(work, 'capped-extract');
    await expect(extractVmImage(image, target, { limits: { ...DEFAULT_EXTRACTION_LIMITS, maxTotalBytes: 10_000 } })).rejects.toThrow(
      'VM image bare.qcow2 (qcow2) cannot be extracted: its file tree is larger than 10000 bytes (the extraction size or ratio limit).',
    );
    expect(existsSync(target)).toBe(false);
  }, APPLIANCE_TIMEOUT);

  it('ends guestfish and its appliance at the timeout', async () => {
    const started = Date.now();
    await expect(extractVmImage(join(work, 'bare.qcow2'), join(work, 'late-extract'), { timeoutMs: 2000 })).rejects.toThrow(
      'VM image bare.qcow2 (qcow2) cannot be extracted: timed out after 2 s.',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('refuses an image with a backing file before starting the appliance: qemu would read that host file', async () => {
    const image = join(work, 'child.qcow2');
    run('qemu-img', 'create', '-q', '-f', 'qcow2', '-F', 'raw', '-b', '/etc/hostname', image);
    await expect(extractVmImage(image, join(work, 'child-extract'))).rejects.toThrow(
      'VM image child.qcow2 (qcow2) cannot be extracted: it depends on the backing file /etc/hostname; only self-contained images are extracted.',
    );
  });

  it('refuses a VMDK descriptor, which can name any host file as an extent', async () => {
    const image = join(work, 'descriptor.vmdk');
    writeFileSync(image, '# Disk DescriptorFile\nversion=1\nCID=fffffffe\nparentCID=ffffffff\ncreateType="monolithicFlat"\nRW 2048 FLAT "/etc/hostname" 0\n');
    await expect(extractVmImage(image, join(work, 'descriptor-extract'))).rejects.toThrow(
      'VM image descriptor.vmdk (vmdk) cannot be extracted: it is a VMDK descriptor that refers to separate extent files; only single-file VMDK images are extracted.',
    );
  });
});

describe('vmImageKind on images qemu-img writes', () => {
  it.each([
    ['qcow2', 'qcow2'],
    ['vmdk', 'vmdk'],
    ['vdi', 'vdi'],
    ['vpc', 'vhd'],
  ])('recognises qemu-img %s output as %s', async (format, kind) => {
    const raw = join(work, `kind-${format}.raw`);
    ext4(raw, rootfs, 0, 8);
    expect(await vmImageKind(convert(raw, format, join(work, `kind.${format}`)))).toBe(kind);
  });

  it('recognises raw disks: a bare ext4 file system and a GPT-partitioned disk', async () => {
    const bare = join(work, 'kind-bare.img');
    ext4(bare, rootfs, 0, 8);
    const gpt = join(work, 'kind-gpt.img');
    partitioned(gpt, 8, 'label: gpt\nstart=2048, type=linux\n');
    expect(await vmImageKind(bare)).toBe('raw');
    expect(await vmImageKind(gpt)).toBe('raw');
  });
});
