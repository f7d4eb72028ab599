import { open } from 'node:fs/promises';

/** A VM disk image format, as libguestfs (qemu) reads it; `vhd` is qemu's `vpc`. */
export type VmImageKind = 'qcow2' | 'vmdk' | 'vdi' | 'vhd' | 'raw';

/** Bytes of the head that vmImageKindOf looks at: GPT headers of 4096-byte sectors end here. */
export const VM_IMAGE_HEAD_BYTES = 8192;
/** Bytes of the tail: a fixed VHD keeps its only footer in the last 512 (511 in old ones). */
export const VM_IMAGE_TAIL_BYTES = 512;

/**
 * The VM disk image format of a file from its magic bytes, or null. Container formats have a
 * signature of their own; a raw image is only recognised when its content says it is a disk (a
 * valid MBR partition table or a GPT header) or a bare ext2/3/4 file system, so an arbitrary file
 * is never taken for one.
 */
export async function vmImageKind(path: string): Promise<VmImageKind | null> {
  const handle = await open(path, 'r');
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return null;
    const size = stats.size;
    const head = Buffer.alloc(Math.min(size, VM_IMAGE_HEAD_BYTES));
    await handle.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(size, VM_IMAGE_TAIL_BYTES));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return vmImageKindOf(head, tail);
  } finally {
    await handle.close();
  }
}

/** vmImageKind on bytes already read: the file's first VM_IMAGE_HEAD_BYTES and last VM_IMAGE_TAIL_BYTES. */
export function vmImageKindOf(head: Buffer, tail: Buffer): VmImageKind | null {
  if (textAt(head, 0, 'QFI\xfb')) return 'qcow2';
  if (textAt(head, 0, 'KDMV') || textAt(head, 0, '# Disk DescriptorFile')) return 'vmdk';
  if (textAt(head, 0, '<<< ') && head.length >= 0x44 && head.readUInt32LE(0x40) === VDI_SIGNATURE) return 'vdi';
  if (textAt(head, 0, VHD_COOKIE) || hasVhdFooter(tail)) return 'vhd';
  if (isPartitionedDisk(head) || isExtFileSystem(head)) return 'raw';
  return null;
}

/** VDI's image signature, little-endian after the `<<< ... >>>` banner. */
const VDI_SIGNATURE = 0xbeda107f;
/** The cookie that opens a VHD footer (and its copy at the start of a dynamic VHD). */
const VHD_COOKIE = 'conectix';

function hasVhdFooter(tail: Buffer): boolean {
  return textAt(tail, tail.length - 512, VHD_COOKIE) || textAt(tail, tail.length - 511, VHD_COOKIE);
}

/** A GPT header at LBA 1 (512- or 4096-byte sectors), or a boot sector whose partition table holds up. */
function isPartitionedDisk(head: Buffer): boolean {
  if (textAt(head, 512, 'EFI PART') || textAt(head, 4096, 'EFI PART')) return true;
  return head.length >= 512 && head[510] === 0x55 && head[511] === 0xaa && hasPartitionTable(head);
}

const MBR_TABLE = 446;
const MBR_ENTRY = 16;

/**
 * Four entries with a valid boot flag, at least one in use with a start and a length: a FAT or NTFS
 * boot sector (also 0x55AA-terminated) has boot code at these offsets and fails the flags.
 */
function hasPartitionTable(sector: Buffer): boolean {
  let used = 0;
  for (let i = 0; i < 4; i++) {
    const entry = MBR_TABLE + i * MBR_ENTRY;
    const bootFlag = sector[entry];
    if (bootFlag !== 0x00 && bootFlag !== 0x80) return false;
    if (sector[entry + 4] === 0) continue;
    if (sector.readUInt32LE(entry + 8) === 0 || sector.readUInt32LE(entry + 12) === 0) return false;
    used += 1;
  }
  return used > 0;
}

const EXT_SUPERBLOCK = 1024;
const EXT_MAGIC = 0xef53;

/** An ext2/3/4 superblock at 1024: its magic, a plausible block size and non-zero counts. */
function isExtFileSystem(head: Buffer): boolean {
  if (head.length < EXT_SUPERBLOCK + 64 || head.readUInt16LE(EXT_SUPERBLOCK + 56) !== EXT_MAGIC) return false;
  const inodes = head.readUInt32LE(EXT_SUPERBLOCK);
  const blocks = head.readUInt32LE(EXT_SUPERBLOCK + 4);
  const logBlockSize = head.readUInt32LE(EXT_SUPERBLOCK + 24);
  return inodes > 0 && blocks > 0 && logBlockSize <= 6;
}

function textAt(bytes: Buffer, offset: number, text: string): boolean {
  return offset >= 0 && bytes.length >= offset + text.length && bytes.subarray(offset, offset + text.length).toString('latin1') === text;
}
