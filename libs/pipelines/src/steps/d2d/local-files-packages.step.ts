import { randomUUID } from 'node:crypto';
import type { PackageRecord } from '@sca/contracts';
import { normalizePackage } from '@sca/formats';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

interface LocalFilesGroup {
  expression: string;
  paths: string[];
  copyrights: string[];
}

/**
 * From/ files with a license that are related to to/ files in no package, grouped by their
 * detected license expression (groups in expression order, copyrights once each).
 */
async function localFilesGroups(ctx: StepContext): Promise<LocalFilesGroup[]> {
  const relations = await ctx.d2dResources.relations();
  const toIds = [...new Set(relations.map((r) => r.to_id))];
  const inPackages = await ctx.packages.packageIdsOf(toIds);
  const fromIds = new Set(relations.filter((r) => !inPackages.has(r.to_id)).map((r) => r.from_id));
  const files = (await ctx.d2dResources.list({ side: 'from', type: 'file' })).filter((r) => fromIds.has(r.id) && r.detected_license_expression !== '');
  const copyrights = await ctx.d2dResources.copyrightsOf(files.map((r) => r.id));
  const groups = new Map<string, LocalFilesGroup>();
  for (const r of files) {
    const group = groups.get(r.detected_license_expression) ?? { expression: r.detected_license_expression, paths: [], copyrights: [] };
    group.paths.push(r.path);
    for (const c of copyrights.get(r.id) ?? []) if (!group.copyrights.includes(c)) group.copyrights.push(c);
    groups.set(group.expression, group);
  }
  return [...groups.values()].sort((a, b) => (a.expression < b.expression ? -1 : a.expression > b.expression ? 1 : 0));
}

/** A `local-files` package in the project's namespace, named by a fresh uuid. */
function localFilesPackage(ctx: StepContext, group: LocalFilesGroup): PackageRecord {
  const name = randomUUID();
  const purl = `pkg:local-files/${ctx.project.slug}/${name}`;
  const raw = {
    type: 'local-files', namespace: ctx.project.slug, name, purl,
    declared_license_expression: group.expression, copyright: group.copyrights.join('\n'),
    package_uid: `${purl}?uuid=${randomUUID()}`,
  };
  const item = normalizePackage(raw, (p) => p, 0).find((i) => i.kind === 'package');
  if (item?.kind !== 'package') throw new Error(`local-files package for ${group.expression} could not be built`);
  return { ...item.record, missing_resources: [], modified_resources: [] };
}

export const createLocalFilesPackages = defineStep({
  name: 'create_local_files_packages',
  doc: 'Create local-files packages for codebase resources not part of a package.',
  async run(ctx) {
    const groups = await localFilesGroups(ctx);
    for (const group of groups) {
      const record = localFilesPackage(ctx, group);
      await ctx.packages.insert([record]);
      await ctx.packages.linkResources(group.paths.map((path) => ({ path, package_uid: record.package_uid })));
    }
    ctx.log(`${groups.length} local-files package(s) created`);
  },
});
