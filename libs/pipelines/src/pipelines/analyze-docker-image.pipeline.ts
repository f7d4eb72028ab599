import { definePipeline } from '../framework/define';
import { collectAndCreateLicenseDetections } from '../steps/codebase/license-detections.step';
import { flagEmptyFiles, flagIgnoredResources, flagNotAnalyzedCodebaseResources } from '../steps/codebase/flag-resources.steps';
import { scanForFilesStep } from '../steps/codebase/scan-files.step';
import { collectImageResources, collectImageSystemPackages, flagImageUninterestingResources } from '../steps/container/image-codebase.steps';
import { collectImagesInformation, extractImages, extractLayers, findImagesOsAndDistro } from '../steps/container/image-intake.steps';
import { analyzeScannedFiles } from '../steps/container/rootfs-flags';
import { scanForApplicationPackagesStep } from './scan-codebase.pipeline';

/** ScanCode.io's Docker pipeline (reference §1.11 and §5): no match_not_analyzed_to_system_packages step. */
export const analyzeDockerImagePipeline = definePipeline({
  name: 'analyze_docker_image',
  summary: 'Analyze Docker images.',
  description: '',
  downloadInputs: true,
  isAddon: false,
  steps: [
    extractImages,
    extractLayers,
    findImagesOsAndDistro,
    collectImagesInformation,
    collectImageResources,
    collectImageSystemPackages,
    flagImageUninterestingResources,
    flagEmptyFiles,
    flagIgnoredResources,
    scanForApplicationPackagesStep,
    scanForFilesStep,
    collectAndCreateLicenseDetections,
    analyzeScannedFiles,
    flagNotAnalyzedCodebaseResources,
  ],
});
