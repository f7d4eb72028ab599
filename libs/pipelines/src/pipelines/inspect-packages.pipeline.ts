import { definePipeline, defineStep } from '../framework/define';
import { codebaseIntakeSteps } from '../steps/codebase/intake-steps';
import { resolveDependenciesStatically, scanForApplicationPackages } from '../steps/codebase/scan-packages.step';

/**
 * The Compiled group only asks for Go/Rust binaries to be inspected; this engine has no binary
 * package inspection yet, so the step says so in the log instead of pretending.
 */
const scanBinariesForPackage = defineStep({
  name: 'scan_binaries_for_package',
  doc: 'Scan compiled binaries for package and dependency related data.',
  groups: ['Compiled'],
  async run(ctx) {
    ctx.log('Compiled binaries (Go, Rust) are not inspected by this engine yet: only manifests and lockfiles are scanned');
  },
});

const scanForApplicationPackagesStep = defineStep({
  name: 'scan_for_application_packages',
  doc: 'Scan resources for package information to add DiscoveredPackage\nand DiscoveredDependency objects from detected package data.',
  run: (ctx) => scanForApplicationPackages(ctx, { packageOnly: true, model: 'scan_for_application_packages', keepForResolution: (ctx.run.selected_groups ?? []).includes('StaticResolver') }),
});

const resolveDependencies = defineStep({
  name: 'resolve_dependencies',
  doc: 'Create packages and dependency relationships from\nlockfiles or manifests with pre-resolved dependencies.',
  groups: ['StaticResolver'],
  run: (ctx) => resolveDependenciesStatically(ctx, 'resolve_dependencies'),
});

export const inspectPackagesPipeline = definePipeline({
  name: 'inspect_packages',
  summary: 'Inspect a codebase for packages and pre-resolved dependencies.',
  description:
    'This pipeline is recommended for inspecting package manifests and lockfiles\nwithout scanning the files for licenses and copyrights. It does not resolve\ndependencies itself: only the dependencies already resolved in lockfiles are\nlinked to their packages (StaticResolver group).',
  downloadInputs: true,
  isAddon: false,
  steps: [
    ...codebaseIntakeSteps({ packageOnly: true }),
    scanBinariesForPackage,
    scanForApplicationPackagesStep,
    resolveDependencies,
  ],
});
