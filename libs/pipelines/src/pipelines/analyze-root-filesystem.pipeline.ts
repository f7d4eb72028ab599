import { definePipeline } from '../framework/define';
import { collectAndCreateLicenseDetections } from '../steps/codebase/license-detections.step';
import { flagEmptyFiles, flagIgnoredResources, flagNotAnalyzedCodebaseResources } from '../steps/codebase/flag-resources.steps';
import { scanForFilesStep } from '../steps/codebase/scan-files.step';
import { analyzeScannedFiles, flagUninterestingRootfsPaths } from '../steps/container/rootfs-flags';
import {
  collectRootfsInformation, collectRootfsResources, collectRootfsSystemPackages, extractInputFilesToCodebaseDirectory, findRootFilesystems,
  matchNotAnalyzedToSystemPackages,
} from '../steps/container/rootfs.steps';
import { defineStep } from '../framework/define';
import { scanForApplicationPackagesStep } from './scan-codebase.pipeline';

const flagRootfsUninterestingResources = defineStep({
  name: 'flag_uninteresting_codebase_resources',
  doc: 'Flag files—not worth tracking—that don\'t belong to any system packages.',
  async run(ctx) {
    ctx.log(`${await flagUninterestingRootfsPaths(ctx)} uninteresting resource(s) flagged`);
  },
});

/** ScanCode.io's RootFS pipeline (reference §1.10). */
export const analyzeRootFilesystemPipeline = definePipeline({
  name: 'analyze_root_filesystem_or_vm_image',
  summary: 'Analyze a Linux root filesystem, also known as rootfs.',
  description: '',
  downloadInputs: true,
  isAddon: false,
  steps: [
    extractInputFilesToCodebaseDirectory,
    findRootFilesystems,
    collectRootfsInformation,
    collectRootfsResources,
    collectRootfsSystemPackages,
    flagRootfsUninterestingResources,
    flagEmptyFiles,
    flagIgnoredResources,
    scanForApplicationPackagesStep,
    matchNotAnalyzedToSystemPackages,
    scanForFilesStep,
    collectAndCreateLicenseDetections,
    analyzeScannedFiles,
    flagNotAnalyzedCodebaseResources,
  ],
});
