import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vmImageKind, vmImageKindOf } from './vm-image-kind';

/** A zeroed image of `size` bytes with `parts` written at their offsets. */
function image(size: number, ...parts: [offset: number, bytes: Buffer | string][]): Buffer {
  const bytes = Buffer.alloc(size);
  for (const [offset, data] of parts) (typeof data === 'string' ? Buffer.from(data, 'latin1') : data).copy(bytes, offset);
  return bytes;
}

function u32le(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/** One MBR partition entry: boot flag, type, first LBA and sector count. */
function mbrEntry(bootFlag: number, type: number, start: number, sectors: number): Buffer {
  const entry = Buffer.alloc(16);
  entry[0] = bootFlag;
  entry[4] = type;
  entry.writeUInt32LE(start, 8);
  entry.writeUInt32LE(sectors, 12);
  return entry;
}

const BOOT_SIGNATURE: [number, Buffer] = [510, Buffer.from([0x55, 0xaa])];

/** An ext4 superblock at 1024: inode and block counts, log block size 2 (4 KiB), magic 0xEF53. */
function extSuperblock(): [number, Buffer][] {
  return [
    [1024, u32le(2048)],
    [1028, u32le(8192)],
    [1048, u32le(2)],
    [1080, Buffer.from([0x53, 0xef])],
  ];
}

function kindOf(bytes: Buffer): ReturnType<typeof vmImageKindOf> {
  return vmImageKindOf(bytes.subarray(0, 8192), bytes.subarray(Math.max(0, bytes.length - 512)));
}

describe('vmImageKindOf', () => {
  it('recognises the container formats by their signatures', () => {
    expect(kindOf(image(1024, [0, 'QFI\xfb'], [4, Buffer.from([0, 0, 0, 3])]))).toBe('qcow2');
    expect(kindOf(image(1024, [0, 'KDMV'], [4, u32le(1)]))).toBe('vmdk');
    expect(kindOf(image(1024, [0, '# Disk DescriptorFile\nversion=1\n']))).toBe('vmdk');
    expect(kindOf(image(1024, [0, '<<< Oracle VM VirtualBox Disk Image >>>\n'], [0x40, u32le(0xbeda107f)]))).toBe('vdi');
  });

  it('requires the VDI signature at 0x40, not only the banner', () => {
    expect(kindOf(image(1024, [0, '<<< not a disk >>>\n']))).toBeNull();
  });

  it('recognises a dynamic VHD by its header copy and a fixed VHD by its footer in the last sector', () => {
    expect(kindOf(image(4096, [0, 'conectix']))).toBe('vhd');
    expect(kindOf(image(1024 * 1024, [1024 * 1024 - 512, 'conectix']))).toBe('vhd');
    expect(kindOf(image(1024 * 1024, [1024 * 1024 - 511, 'conectix']))).toBe('vhd');
  });

  it('takes a disk with a valid MBR partition table for raw', () => {
    expect(kindOf(image(4096, [446, mbrEntry(0x80, 0x83, 2048, 30720)], BOOT_SIGNATURE))).toBe('raw');
    expect(kindOf(image(4096, [446 + 16, mbrEntry(0x00, 0x07, 2048, 30720)], BOOT_SIGNATURE))).toBe('raw');
  });

  it('takes a GPT disk for raw, with 512- and 4096-byte sectors', () => {
    expect(kindOf(image(8192, [446, mbrEntry(0, 0xee, 1, 0xffffffff)], BOOT_SIGNATURE, [512, 'EFI PART']))).toBe('raw');
    expect(kindOf(image(16384, [4096, 'EFI PART']))).toBe('raw');
  });

  it('takes a bare ext2/3/4 file system for raw', () => {
    expect(kindOf(image(4096, ...extSuperblock()))).toBe('raw');
  });

  it('does not take a boot signature without a partition table for a disk (FAT and NTFS boot sectors have one)', () => {
    const bootCode = Buffer.alloc(64, 0x90);
    expect(kindOf(image(4096, [446, bootCode], BOOT_SIGNATURE))).toBeNull();
    expect(kindOf(image(4096, BOOT_SIGNATURE))).toBeNull();
    expect(kindOf(image(4096, [446, mbrEntry(0x80, 0x83, 0, 0)], BOOT_SIGNATURE))).toBeNull();
  });

  it('does not take a stray ext magic without plausible counts for a file system', () => {
    expect(kindOf(image(4096, [1080, Buffer.from([0x53, 0xef])]))).toBeNull();
    expect(kindOf(image(4096, ...extSuperblock(), [1048, u32le(40)]))).toBeNull();
  });

  it('gives null for other files, short ones included', () => {
    expect(kindOf(image(4096, [0, 'PK\x03\x04']))).toBeNull();
    expect(kindOf(Buffer.from('QFI'))).toBeNull();
    expect(kindOf(Buffer.alloc(0))).toBeNull();
    expect(kindOf(image(600, [257, 'ustar\x0000']))).toBeNull();
  });
});

describe('vmImageKind', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vm-image-kind-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the head and the tail of a file', async () => {
    const fixedVhd = join(dir, 'fixed.vhd');
    await writeFile(fixedVhd, image(64 * 1024, [64 * 1024 - 512, 'conectix']));
    const qcow2 = join(dir, 'disk.qcow2');
    await writeFile(qcow2, image(512, [0, 'QFI\xfb']));
    expect(await vmImageKind(fixedVhd)).toBe('vhd');
    expect(await vmImageKind(qcow2)).toBe('qcow2');
  });

  it('gives null for an empty file and a directory', async () => {
    const empty = join(dir, 'empty.img');
    await writeFile(empty, '');
    expect(await vmImageKind(empty)).toBeNull();
    expect(await vmImageKind(dir)).toBeNull();
  });
});
