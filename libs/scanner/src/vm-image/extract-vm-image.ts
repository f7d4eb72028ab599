import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { extractArchive } from '../archive/extract-archive';
import { RATIO_FLOOR_BYTES } from '../archive/extraction-budget';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionResult, type ExtractOptions } from '../archive/extraction-types';
import { GuestfishFailed } from './guestfish-session';
import { writeGuestTar } from './guest-tar';
import { findGuestfsTools } from './guestfs-tools';
import { assertSelfContained, qemuFormat } from './self-contained';
import { TOOLS_MISSING_REASON, VmImageError } from './vm-image-error';
import { vmImageKind, type VmImageKind } from './vm-image-kind';

export interface VmImageExtractOptions extends ExtractOptions {
  /** Bound on the whole extraction (appliance start included); 60 minutes by default. */
  timeoutMs?: number;
  /** Where the guest tree's temporary tar is written; the system's temporary directory by default. */
  tmpDir?: string;
  /** The search path for guestfish and qemu-img, also given to them; `PATH` by default. */
  searchPath?: string;
}

export interface VmImageExtraction extends ExtractionResult {
  kind: VmImageKind;
  /** The device of the OS root that inspection chose, or null for a disk without an OS. */
  osRoot: string | null;
  /** The guest file systems extracted, and where each is in the extracted tree. */
  mounts: { device: string; mountpoint: string }[];
}

export const DEFAULT_VM_IMAGE_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Copies the file tree of a VM disk image (qcow2, vmdk, vdi, vhd, raw) into `targetDir` with
 * libguestfs: guestfish reads the image (read-only, its format named, never probed) in its
 * appliance, writes the tree as a tar, and the archive extractor writes that tar out with its
 * containment of paths, links, special files and sizes. Absolute symlinks are read against the
 * guest's root by default. Anything that stops the extraction is a VmImageError naming the image;
 * entries the extractor refuses are problems of the result, as for any archive.
 */
export async function extractVmImage(input: string, targetDir: string, opts: VmImageExtractOptions = {}): Promise<VmImageExtraction> {
  opts.signal?.throwIfAborted();
  const image = resolve(input);
  const kind = await vmImageKind(image);
  if (!kind) throw new VmImageError(image, null, 'it is not a VM disk image (qcow2, vmdk, vdi, vhd, or a raw partitioned disk or ext2/3/4 file system).');
  const searchPath = opts.searchPath ?? process.env['PATH'] ?? '';
  const tools = await findGuestfsTools(searchPath);
  if (!tools) throw new VmImageError(image, kind, TOOLS_MISSING_REASON);
  await assertSelfContained(image, kind, tools.qemuImg, opts.signal);

  const limits = opts.limits ?? DEFAULT_EXTRACTION_LIMITS;
  const maxBytes = Math.min(limits.maxTotalBytes, Math.max(RATIO_FLOOR_BYTES, (await stat(image)).size * limits.maxRatio));
  const work = await mkdtemp(join(opts.tmpDir ?? tmpdir(), 'vm-image-'));
  try {
    const tarPath = join(work, 'guest.tar');
    const guest = await writeGuestTar({
      image,
      format: qemuFormat(kind),
      tools,
      searchPath,
      tmpDir: work,
      destination: tarPath,
      maxBytes,
      tooLarge: () => new VmImageError(image, kind, `its file tree is larger than ${maxBytes} bytes (the extraction size or ratio limit).`),
      timeoutMs: opts.timeoutMs ?? DEFAULT_VM_IMAGE_TIMEOUT_MS,
      signal: opts.signal,
    }).catch((error: unknown) => {
      opts.signal?.throwIfAborted();
      throw error instanceof VmImageError ? error : new VmImageError(image, kind, reasonOf(error));
    });
    const label = basename(image);
    const extracted = await extractArchive(tarPath, targetDir, { limits, signal: opts.signal, absoluteSymlinks: opts.absoluteSymlinks ?? 'root-relative' });
    const problems = [
      ...guest.warnings.map((reason) => ({ archive: label, reason, severity: 'warning' as const })),
      ...extracted.problems.map((problem) => ({ ...problem, archive: label })),
    ];
    return { ...extracted, problems, kind, osRoot: guest.osRoot, mounts: guest.mounts };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof GuestfishFailed ? guestfishReason(error) : error instanceof Error ? error.message : String(error);
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** libguestfs' words, with what to do where a launch failed. */
function guestfishReason(error: GuestfishFailed): string {
  if (error.command !== 'run') return `libguestfs: ${error.message}`;
  const kernel = /supermin exited/.test(error.message) ? ' (it needs a Linux kernel: Debian package linux-image-amd64 or the one of this architecture)' : '';
  return `the libguestfs appliance did not start${kernel}: ${error.message}; libguestfs-test-tool shows why`;
}
