import { basename } from 'node:path';
import type { VmImageKind } from './vm-image-kind';

/** Why a VM image could not be extracted, in one line that names the image and its format. */
export class VmImageError extends Error {
  override readonly name = 'VmImageError';

  constructor(
    readonly image: string,
    readonly kind: VmImageKind | null,
    readonly reason: string,
  ) {
    super(`VM image ${basename(image)}${kind ? ` (${kind})` : ''} cannot be extracted: ${reason}`);
  }
}

export const TOOLS_MISSING_REASON = 'libguestfs tools are not installed (Debian package libguestfs-tools).';
