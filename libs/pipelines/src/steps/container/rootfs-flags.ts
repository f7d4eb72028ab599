import { RESOURCE_STATUS } from '@sca/contracts';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

/** ScanCode.io's transient and generated places of a root filesystem (`/lib/apk/db/` is Alpine's package database). */
export const UNINTERESTING_ROOTFS_PATHS = ['/tmp/', '/etc/', '/proc/', '/dev/', '/run/', '/lib/apk/db/'];

/** Resources without a status under an uninteresting rootfs path get `ignored-not-interesting`. */
export function flagUninterestingRootfsPaths(ctx: StepContext): Promise<number> {
  return ctx.rootfsResources.setStatusUnderRootfsPaths(UNINTERESTING_ROOTFS_PATHS, RESOURCE_STATUS.ignoredNotInteresting);
}

export const analyzeScannedFiles = defineStep({
  name: 'analyze_scanned_files',
  doc: 'Analyze single file scan results for completeness.',
  async run(ctx) {
    const { noLicenses, unknownLicense } = await ctx.rootfsResources.flagScannedFilesLicenseOutcome();
    ctx.log(`${noLicenses} file(s) without licenses, ${unknownLicense} with an unknown license`);
  },
});
