import { RESOURCE_STATUS } from '@sca/contracts';
import { fnmatch, isLegalFileName } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { scanResources } from '../codebase/scan-files.step';
import { loadEcosystemConfig } from './d2d-config';
import { matchResourcesInPurldb } from './purldb.steps';

/** Unmapped to/ files whose names say they are legal files are scanned and flagged for review. */
async function handleDanglingLegalFiles(ctx: StepContext): Promise<number> {
  const legal = (await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true })).filter((r) => isLegalFileName(r.name, r.extension));
  if (legal.length > 0) await scanResources(ctx, 'perform_house_keeping_tasks', { rows: legal, total: legal.length, status: RESOURCE_STATUS.reviewDanglingLegalFile });
  return legal.length;
}

/** to/ resources still without a status that the config's deployed exclusions match get `ignored-from-config`. */
async function ignoreUnmappedFromConfig(ctx: StepContext, patterns: readonly string[]): Promise<number> {
  const unmapped = await ctx.d2dResources.list({ side: 'to', noStatus: true });
  const ignored = unmapped.filter((r) => patterns.some((p) => fnmatch(r.path, p)));
  return ctx.d2dResources.setStatus(ignored.map((r) => r.id), RESOURCE_STATUS.ignoredFromConfig);
}

/**
 * What no step mapped: the remaining to/ files are asked of PurlDB by sha1 when there is one;
 * those it does not know need a review, except media files; every remaining from/ file was not
 * deployed.
 */
async function flagUnmapped(ctx: StepContext): Promise<{ review: number; media: number; notDeployed: number }> {
  const client = await ctx.purldb();
  if (client) {
    const unmapped = (await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true })).filter((r) => !r.is_media);
    if (unmapped.length > 0) ctx.log(`Mapping ${unmapped.length.toLocaleString('en-US')} to/ resources with empty status in PurlDB using SHA1`);
    await matchResourcesInPurldb(ctx, client, unmapped);
  }
  const to = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true });
  const media = await ctx.d2dResources.setStatus(to.filter((r) => r.is_media).map((r) => r.id), RESOURCE_STATUS.ignoredMediaFile);
  const review = await ctx.d2dResources.setStatus(to.filter((r) => !r.is_media).map((r) => r.id), RESOURCE_STATUS.requiresReview);
  const from = await ctx.d2dResources.list({ side: 'from', type: 'file', noStatus: true });
  const notDeployed = await ctx.d2dResources.setStatus(from.map((r) => r.id), RESOURCE_STATUS.notDeployed);
  return { review, media, notDeployed };
}

export const performHouseKeepingTasks = defineStep({
  name: 'perform_house_keeping_tasks',
  doc: [
    'On deployed side',
    '    - Ignore specific files based on ecosystem based configurations.',
    '    - PurlDB match files with ``no-java-source`` and empty status,',
    '        if no match is found update status to ``requires-review``.',
    '    - Update status for uninteresting files.',
    '    - Flag the dangling legal files for review.',
    '',
    'On devel side',
    '    - Update status for not deployed files.',
  ].join('\n'),
  async run(ctx) {
    const config = await loadEcosystemConfig(ctx);
    const legal = await handleDanglingLegalFiles(ctx);
    const ignored = await ignoreUnmappedFromConfig(ctx, config.deployedResourcePathExclusions);
    ctx.log(`Ignoring ${ignored.toLocaleString('en-US')} to/ resources with ecosystem specific configurations.`);
    const { review, media, notDeployed } = await flagUnmapped(ctx);
    ctx.log(`${legal} dangling legal file(s), ${review} to review, ${media} media file(s), ${notDeployed} not deployed`);
  },
});

export const removePackagesWithoutResources = defineStep({
  name: 'remove_packages_without_resources',
  doc: 'Remove packages without any resources.',
  async run(ctx) {
    ctx.log(`${await ctx.packages.removeWithoutResources()} package(s) without resources removed`);
  },
});

/** Scans the to/ files of `status` for licenses, copyrights, emails and URLs; they keep their status. */
async function scanToFilesKeepingStatus(ctx: StepContext, model: string, status: typeof RESOURCE_STATUS.ignoredFromConfig | typeof RESOURCE_STATUS.requiresReview): Promise<void> {
  const files = await ctx.d2dResources.list({ side: 'to', type: 'file', statuses: [status] });
  await scanResources(ctx, model, { rows: files, total: files.length, status });
}

export const scanIgnoredToFiles = defineStep({
  name: 'scan_ignored_to_files',
  doc: 'Scan status="ignored-from-config" ``to/`` files for copyrights,\nlicenses, emails, and urls. These files are ignored based on\necosystem specific configurations. These files are not used for the\nD2D purpose, but scanning them may provide useful information about\nthe deployed codebase.',
  run: (ctx) => scanToFilesKeepingStatus(ctx, 'scan_ignored_to_files', RESOURCE_STATUS.ignoredFromConfig),
});

export const scanUnmappedToFiles = defineStep({
  name: 'scan_unmapped_to_files',
  doc: 'Scan unmapped/matched ``to/`` files for copyrights, licenses,\nemails, and urls and update the status to `requires-review`.',
  run: (ctx) => scanToFilesKeepingStatus(ctx, 'scan_unmapped_to_files', RESOURCE_STATUS.requiresReview),
});

export const scanMappedFromForFiles = defineStep({
  name: 'scan_mapped_from_for_files',
  doc: 'Scan mapped ``from/`` files for copyrights, licenses, emails, and urls.',
  async run(ctx) {
    const files = (await ctx.d2dResources.list({ side: 'from', type: 'file', hasRelation: true })).filter((r) => r.status !== RESOURCE_STATUS.aboutMapped);
    await scanResources(ctx, 'scan_mapped_from_for_files', { rows: files, total: files.length });
  },
});

export const flagDeployedFromResourcesWithMissingLicense = defineStep({
  name: 'flag_deployed_from_resources_with_missing_license',
  doc: 'Update the status for deployed from files with missing license.',
  async run(ctx) {
    const config = await loadEcosystemConfig(ctx);
    const scanned = await ctx.d2dResources.list({ side: 'from', type: 'file', statuses: [RESOURCE_STATUS.scanned] });
    const media = scanned.filter((r) => r.is_media);
    const docs = scanned.filter((r) => !r.is_media && config.docExtensions.includes(r.extension));
    const rest = scanned.filter((r) => !r.is_media && !config.docExtensions.includes(r.extension));
    await ctx.d2dResources.setStatus(media.map((r) => r.id), RESOURCE_STATUS.ignoredMediaFile);
    await ctx.d2dResources.setStatus(docs.map((r) => r.id), RESOURCE_STATUS.ignoredDocFile);
    await ctx.d2dResources.setStatus(rest.filter((r) => r.detected_license_expression === '').map((r) => r.id), RESOURCE_STATUS.noLicenses);
    await ctx.d2dResources.setStatus(rest.filter((r) => r.detected_license_expression.includes('unknown')).map((r) => r.id), RESOURCE_STATUS.unknownLicense);
  },
});
