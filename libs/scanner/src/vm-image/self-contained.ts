import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { VmImageError } from './vm-image-error';
import type { VmImageKind } from './vm-image-kind';

const run = promisify(execFile);

/** qemu's name for each format: the driver guestfish and qemu-img are told to use, never a guess. */
export function qemuFormat(kind: VmImageKind): string {
  return kind === 'vhd' ? 'vpc' : kind;
}

interface QemuImageInfo {
  'backing-filename'?: string;
  encrypted?: boolean;
  'format-specific'?: { type?: string; data?: { 'data-file'?: string; extents?: { filename?: string }[] } };
}

/**
 * Refuses an image that would make qemu read other files of this machine: a backing file, an
 * external data file, VMDK extents outside the image (a descriptor names any path, /dev/sda
 * included), as well as an encrypted one. qemu-img reads the image's own headers only.
 * `image` must be absolute, so qemu never reads a `proto:` or `json:` prefix in its name.
 */
export async function assertSelfContained(image: string, kind: VmImageKind, qemuImg: string, signal?: AbortSignal): Promise<void> {
  if (kind === 'vmdk' && (await isVmdkDescriptor(image))) {
    throw new VmImageError(image, kind, 'it is a VMDK descriptor that refers to separate extent files; only single-file VMDK images are extracted.');
  }
  const info = await imageInfo(image, kind, qemuImg, signal);
  const backing = info['backing-filename'];
  if (backing) throw new VmImageError(image, kind, `it depends on the backing file ${backing}; only self-contained images are extracted.`);
  if (info.encrypted) throw new VmImageError(image, kind, 'it is encrypted.');
  const data = info['format-specific']?.data ?? {};
  if (data['data-file']) throw new VmImageError(image, kind, `its data is in the external file ${data['data-file']}; only self-contained images are extracted.`);
  const foreign = (data.extents ?? []).map((extent) => extent.filename ?? '').filter((name) => name !== image);
  if (foreign.length) throw new VmImageError(image, kind, `it refers to the extent files ${foreign.join(', ')}; only single-file VMDK images are extracted.`);
}

async function imageInfo(image: string, kind: VmImageKind, qemuImg: string, signal?: AbortSignal): Promise<QemuImageInfo> {
  try {
    const { stdout } = await run(qemuImg, ['info', '--output=json', '-U', '-f', qemuFormat(kind), image], { signal, timeout: 60_000, maxBuffer: 4 * 1024 * 1024 });
    return JSON.parse(stdout) as QemuImageInfo;
  } catch (error) {
    signal?.throwIfAborted();
    const stderr = (error as { stderr?: string }).stderr?.trim();
    const reason = stderr ? stderr.replace(/^qemu-img: /, '').split('\n')[0] : (error as Error).message;
    throw new VmImageError(image, kind, `qemu-img cannot read it: ${reason}`);
  }
}

const DESCRIPTOR_MAGIC = '# Disk DescriptorFile';

async function isVmdkDescriptor(image: string): Promise<boolean> {
  const handle = await open(image, 'r');
  try {
    const head = Buffer.alloc(DESCRIPTOR_MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString('latin1') === DESCRIPTOR_MAGIC;
  } finally {
    await handle.close();
  }
}
