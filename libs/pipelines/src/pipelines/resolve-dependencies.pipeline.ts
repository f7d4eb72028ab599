import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { matchingHandlers, applicationHandlers } from '@sca/scanner';
import { BatchWriter } from '@sca/persistence';
import { definePipeline, defineStep } from '../framework/define';
import { collectAndCreateCodebaseResources } from '../steps/codebase/collect-resources.step';
import { copyInputsToCodebaseDirectory, extractArchives } from '../steps/codebase/copy-and-extract.steps';
import { flagIgnoredResources } from '../steps/codebase/flag-resources.steps';
import { resolveDependenciesStatically, scanForApplicationPackages } from '../steps/codebase/scan-packages.step';

/** SBOM file names ScanCode.io treats as manifest inputs (its SBOM extensions). */
const SBOM_NAME = /(\.spdx|\.spdx\.json|\.spdx\.ya?ml|bom\.json|\.cdx\.json|bom\.xml|\.cdx\.xml)$/i;

const getManifestInputs = defineStep({
  name: 'get_manifest_inputs',
  doc: 'Locate package manifest files with a supported package resolver.',
  async run(ctx) {
    const handlers = applicationHandlers();
    const manifests = new BatchWriter<string>(2000, (paths) => ctx.resources.setStatus(paths, RESOURCE_STATUS.applicationPackage));
    for await (const r of ctx.resources.withoutStatus({ filesOnly: true })) {
      if (matchingHandlers(join(ctx.dirs.codebase, r.path), handlers).length > 0 || SBOM_NAME.test(r.path)) await manifests.add(r.path);
    }
    await manifests.flush();
    const found = await ctx.resources.pathsWithStatus(RESOURCE_STATUS.applicationPackage, { filesOnly: true });
    if (found.length === 0) await ctx.messages.warning('get_manifest_inputs', 'No resources containing package data found in codebase.');
    ctx.log(`${found.length} manifest input(s)`);
  },
});

const scanManifests = defineStep({
  name: 'scan_for_application_packages',
  doc: 'Scan and assemble application packages from package manifests\nand lockfiles.',
  groups: ['StaticResolver'],
  run: (ctx) => scanForApplicationPackages(ctx, { packageOnly: false, model: 'scan_for_application_packages', resources: 'manifests', keepForResolution: true }),
});

const createPackagesAndDependencies = defineStep({
  name: 'create_packages_and_dependencies',
  doc: 'Create the statically resolved packages and their dependencies\nin the database.',
  groups: ['StaticResolver'],
  run: (ctx) => resolveDependenciesStatically(ctx, 'create_packages_and_dependencies'),
});

/**
 * Dynamic resolution asks a package index for versions (ScanCode.io does it for PyPI only,
 * through python-inspector). This engine has no dynamic resolver: every manifest gets the
 * same error ScanCode.io gives a manifest without a resolver, so nothing is silently skipped.
 */
const getPackagesFromManifest = defineStep({
  name: 'get_packages_from_manifest',
  doc: 'Resolve package data from lockfiles/requirement files with package\nrequirements/dependencies.',
  groups: ['DynamicResolver'],
  async run(ctx) {
    for (const path of await ctx.resources.pathsWithStatus(RESOURCE_STATUS.applicationPackage, { filesOnly: true })) {
      await ctx.messages.error('get_packages_from_manifest', 'No packages could be resolved', { resource_path: path });
    }
  },
});

const createResolvedPackages = defineStep({
  name: 'create_resolved_packages',
  doc: 'Create the resolved packages and their dependencies in the database.',
  groups: ['DynamicResolver'],
  async run(ctx) {
    ctx.log('No dynamically resolved packages to create');
  },
});

export const resolveDependenciesPipeline = definePipeline({
  name: 'resolve_dependencies',
  summary: 'Resolve dependencies from package manifests and lockfiles.',
  description:
    'Static resolution (StaticResolver) uses the versions already resolved in lockfiles.\nDynamic resolution (DynamicResolver) needs a package index and is not available\nin this engine yet: each manifest then gets a "No packages could be resolved" error.',
  downloadInputs: true,
  isAddon: false,
  steps: [
    copyInputsToCodebaseDirectory,
    extractArchives,
    collectAndCreateCodebaseResources,
    flagIgnoredResources,
    getManifestInputs,
    scanManifests,
    createPackagesAndDependencies,
    getPackagesFromManifest,
    createResolvedPackages,
  ],
});
