import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import { normalizePackage } from '@sca/formats';
import { handlersById, packageFromData, randomUid } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

const IN_NODE_MODULES = /^.*\/node_modules\/.*\/package\.json$/;
const NESTED_NODE_MODULES = /^.*\/node_modules\/.*\/node_modules\/.*$/;

/** One third-party package.json: its package, with the to/ files without a status under its directory; returns how many. */
async function mapPackageJson(ctx: StepContext, path: string): Promise<number> {
  const handler = handlersById().get('npm_package_json');
  if (!handler) throw new Error('the npm package.json handler is not registered');
  let data;
  try {
    data = handler.parse({ path, content: await readFile(join(ctx.dirs.codebase, path)) })[0];
  } catch (error) {
    await ctx.messages.add({ severity: 'warning', description: `Cannot read package.json: ${(error as Error).message}`, model: 'map_thirdparty_npm_packages', details: { resource_path: path } });
    return 0;
  }
  if (!data?.type || !data.name || !data.version) return 0;
  const parent = path.slice(0, path.lastIndexOf('/'));
  const members = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, pathPrefix: parent });
  if (members.length === 0) return 0;
  const { dependencies: _dependencies, ...pkg } = packageFromData(data, path, randomUid) as unknown as Record<string, unknown>;
  const item = normalizePackage(pkg, (p) => p, 0).find((i) => i.kind === 'package');
  if (item?.kind !== 'package') return 0;
  await ctx.packages.insert([{ ...item.record, missing_resources: [], modified_resources: [] }]);
  await ctx.d2dResources.linkToPackage(members.map((r) => r.id), item.record.package_uid);
  return ctx.d2dResources.setStatus(members.map((r) => r.id), RESOURCE_STATUS.npmPackageLookup, true);
}

export const mapThirdpartyNpmPackages = defineStep({
  name: 'map_thirdparty_npm_packages',
  doc: 'Map thirdparty package using package.json metadata.',
  groups: ['JavaScript'],
  async run(ctx) {
    const manifests = (await ctx.d2dResources.list({ side: 'to', type: 'file' })).filter((r) => IN_NODE_MODULES.test(r.path) && !NESTED_NODE_MODULES.test(r.path));
    ctx.log(`Mapping ${manifests.length.toLocaleString('en-US')} to/ resources against from/ codebase based on package.json metadata.`);
    let mapped = 0;
    for (const m of manifests) {
      ctx.throwIfStopped();
      mapped += await mapPackageJson(ctx, m.path);
    }
    ctx.log(`${mapped.toLocaleString('en-US')} resources mapped`);
  },
});
