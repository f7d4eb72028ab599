import { basename } from 'node:path';
import { extractVmImage, VmImageError, vmImageKind } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';
import { extractionMessages } from '../codebase/extraction-messages';

const MODEL = 'extract_archive';

/**
 * A VM disk image input (qcow2, vmdk, vdi, vhd, raw disk) extracted to `target` through
 * libguestfs (libs/scanner/src/vm-image), as extractcode's VM support does for ScanCode.io.
 * Returns false when the input is not a VM image. An image that cannot be extracted (the tools
 * missing, a backing file, a timeout) is one error message naming the image, and the run goes
 * on with the other inputs; entries the extractor refuses are messages too.
 */
export async function extractVmInput(ctx: StepContext, input: string, target: string): Promise<boolean> {
  const kind = await vmImageKind(input);
  if (!kind) return false;
  const name = basename(input);
  ctx.log(`${name}: ${kind} VM image, extracted through libguestfs`);
  try {
    const result = await extractVmImage(input, target, { signal: ctx.signal, tmpDir: ctx.dirs.tmp });
    await ctx.messages.addMany(extractionMessages(result.problems, name, MODEL));
  } catch (error) {
    ctx.throwIfStopped();
    if (!(error instanceof VmImageError)) throw error;
    await ctx.messages.error(MODEL, error.message, { resource_path: name });
  }
  return true;
}
