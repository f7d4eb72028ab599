import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS, type PackageRecord } from '@sca/contracts';
import { normalizePackage } from '@sca/formats';
import { handlersById, packageFromData, randomUid } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

const IN_NODE_MODULES = /^.*\/node_modules\/.*\/package\.json$/;
const NESTED_NODE_MODULES = /^.*\/node_modules\/.*\/node_modules\/.*$/;

/** The package a third-party package.json declares, or null (unreadable: a warning; no type, name or version: none). */
async function packageOfManifest(ctx: StepContext, path: string): Promise<PackageRecord | null> {
  const handler = handlersById().get('npm_package_json');
  if (!handler) throw new Error('the npm package.json handler is not registered');
  let data;
  try {
    data = handler.parse({ path, content: await readFile(join(ctx.dirs.codebase, path)) })[0];
  } catch (error) {
    await ctx.messages.add({ severity: 'warning', description: `Cannot read package.json: ${(error as Error).message}`, model: 'map_thirdparty_npm_packages', details: { resource_path: path } });
    return null;
  }
  if (!data?.type || !data.name || !data.version) return null;
  const { dependencies: _dependencies, ...pkg } = packageFromData(data, path, randomUid) as unknown as Record<string, unknown>;
  const item = normalizePackage(pkg, (p) => p, 0).find((i) => i.kind === 'package');
  return item?.kind === 'package' ? { ...item.record, missing_resources: [], modified_resources: [] } : null;
}

/**
 * ScanCode.io's map_thirdparty_npm_packages: each to/ `node_modules/…/package.json` (not nested in
 * another node_modules) with a type, name and version gives a package holding the to/ files
 * still without a status under its directory, which get `npm-package-lookup`. The files are
 * read once; what each package takes is out of the next ones' reach, as there.
 */
export const mapThirdpartyNpmPackages = defineStep({
  name: 'map_thirdparty_npm_packages',
  doc: 'Map thirdparty package using package.json metadata.',
  groups: ['JavaScript'],
  async run(ctx) {
    const files = await ctx.d2dResources.list({ side: 'to', type: 'file' });
    const manifests = files.filter((r) => IN_NODE_MODULES.test(r.path) && !NESTED_NODE_MODULES.test(r.path));
    ctx.log(`Mapping ${manifests.length.toLocaleString('en-US')} to/ resources against from/ codebase based on package.json metadata.`);
    let unclaimed = files.filter((r) => r.status === '');
    const packages: PackageRecord[] = [];
    const links: { path: string; package_uid: string }[] = [];
    const claimed: number[] = [];
    for (const m of manifests) {
      ctx.throwIfStopped();
      const parent = m.path.slice(0, m.path.lastIndexOf('/'));
      const members = unclaimed.filter((r) => r.path.startsWith(parent));
      if (members.length === 0) continue;
      const record = await packageOfManifest(ctx, m.path);
      if (!record) continue;
      packages.push(record);
      for (const r of members) links.push({ path: r.path, package_uid: record.package_uid });
      claimed.push(...members.map((r) => r.id));
      unclaimed = unclaimed.filter((r) => !r.path.startsWith(parent));
    }
    await ctx.packages.insert(packages);
    await ctx.packages.linkResources(links);
    ctx.log(`${(await ctx.d2dResources.setStatus(claimed, RESOURCE_STATUS.npmPackageLookup)).toLocaleString('en-US')} resources mapped`);
  },
});
