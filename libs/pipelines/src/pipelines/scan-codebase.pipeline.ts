import { definePipeline, defineStep } from '../framework/define';
import { codebaseIntakeSteps } from '../steps/codebase/intake-steps';
import { collectAndCreateLicenseDetections } from '../steps/codebase/license-detections.step';
import { scanForApplicationPackages } from '../steps/codebase/scan-packages.step';
import { scanForFilesStep } from '../steps/codebase/scan-files.step';

export const scanForApplicationPackagesStep = defineStep({
  name: 'scan_for_application_packages',
  doc: 'Scan unknown resources for packages information.',
  run: (ctx) => scanForApplicationPackages(ctx, { packageOnly: false, model: 'scan_for_application_packages' }),
});

export const scanCodebasePipeline = definePipeline({
  name: 'scan_codebase',
  summary: 'Scan a codebase for application packages, licenses, and copyrights.',
  description: 'This pipeline does not further scan the files contained in a package\nfor license and copyrights and only considers the declared license\nof a package. It does not scan for system (Linux distro) packages.',
  downloadInputs: true,
  isAddon: false,
  steps: [
    ...codebaseIntakeSteps({ packageOnly: false }),
    scanForApplicationPackagesStep,
    scanForFilesStep,
    collectAndCreateLicenseDetections,
  ],
});
