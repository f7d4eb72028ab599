import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RESOURCE_STATUS, type PackageRecord } from '@sca/contracts';
import { normalizePackage } from '@sca/formats';
import type { RelationByIds, D2dResource } from '@sca/persistence';
import { aboutGlobRegex, parseAboutFile, type AboutPackageData } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

const MODEL = 'map_about_files';

interface IndexedAbout {
  resource: D2dResource;
  data: AboutPackageData;
  include: RegExp;
  ignore: RegExp[];
  mapped: D2dResource[];
}

/** Each from/ .ABOUT file with the package it describes; an unreadable one or one without about_resource is an error message. */
async function indexAboutFiles(ctx: StepContext, aboutFiles: D2dResource[]): Promise<IndexedAbout[]> {
  const indexed: IndexedAbout[] = [];
  for (const resource of aboutFiles) {
    const location = join(ctx.dirs.codebase, resource.path);
    const readCompanion = (name: string) => readFile(join(dirname(location), name), 'utf8').catch(() => null);
    const content = await readFile(location, 'utf8').catch(() => null);
    const data = content === null ? null : await parseAboutFile(content, readCompanion).catch(() => null);
    if (!data) {
      await ctx.messages.add({ severity: 'error', description: 'Cannot create package from ABOUT file', model: MODEL, details: { resource_path: resource.path, package_data: data } });
      continue;
    }
    if (!data.filename) {
      await ctx.messages.add({ severity: 'error', description: 'ABOUT file does not have about_resource', model: MODEL, details: { resource_path: resource.path, package_data: data } });
      continue;
    }
    indexed.push({ resource, data, include: aboutGlobRegex(data.filename), ignore: (data.extra_data.ignored_resources ?? []).map(aboutGlobRegex), mapped: [] });
  }
  ctx.log(`Created mapping index from ${indexed.length.toLocaleString('en-US')} .ABOUT files in the from/ codebase.`);
  return indexed;
}

/** The first ABOUT file whose about_resource matches the path decides; its ignored_resources can still leave the path out. */
function aboutFor(indexed: IndexedAbout[], path: string): IndexedAbout | null {
  const about = indexed.find((a) => a.include.test(path));
  return about && !about.ignore.some((r) => r.test(path)) ? about : null;
}

function aboutPackage(data: AboutPackageData): PackageRecord | null {
  const { filename: _filename, ...fields } = data;
  const item = normalizePackage({ ...fields }, (p) => p, 0).find((i) => i.kind === 'package');
  if (item?.kind !== 'package') return null;
  return { ...item.record, package_uid: `${item.record.purl}?uuid=${randomUUID()}`, missing_resources: [], modified_resources: [] };
}

export const mapAboutFiles = defineStep({
  name: 'map_about_files',
  doc: 'Map ``from/`` .ABOUT files to their related ``to/`` resources.',
  async run(ctx) {
    const aboutFiles = await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: ['.ABOUT'] });
    if (aboutFiles.length === 0) return;
    ctx.log(`Mapping ${aboutFiles.length.toLocaleString('en-US')} .ABOUT files found in the from/ codebase.`);
    const indexed = await indexAboutFiles(ctx, aboutFiles);
    for (const r of await ctx.d2dResources.list({ side: 'to', noStatus: true })) aboutFor(indexed, r.path)?.mapped.push(r);
    const mappedIds = indexed.flatMap((a) => a.mapped.map((r) => r.id));
    await ctx.d2dResources.setStatus(mappedIds, RESOURCE_STATUS.aboutMapped);
    ctx.log(`Mapped ${mappedIds.length.toLocaleString('en-US')} resources from the to/ codebase to the About files in the from. codebase.`);
    const fromFiles = await ctx.d2dResources.list({ side: 'from', type: 'file' });
    let packages = 0;
    for (const about of indexed) {
      if (about.mapped.length === 0) {
        await ctx.messages.add({
          severity: 'warning', description: 'Resource paths listed at about_resource is not found in the to/ codebase', model: MODEL,
          details: { resource_path: about.resource.path, package_data: about.data },
        });
        continue;
      }
      const record = aboutPackage(about.data);
      if (record) {
        await ctx.packages.insert([record]);
        await ctx.packages.linkResources(about.mapped.map((r) => ({ path: r.path, package_uid: record.package_uid })));
        packages++;
      }
      const relations: RelationByIds[] = about.mapped.map((r) => ({ fromId: about.resource.id, toId: r.id, mapType: 'about_file' }));
      await ctx.relations.insertByIds(relations);
      const dir = about.resource.path.slice(0, about.resource.path.lastIndexOf('/') + 1);
      const companions = [about.data.extra_data.license_file, about.data.extra_data.notice_file].filter(Boolean).map((n) => `${dir}${n}`);
      const companionIds = fromFiles.filter((r) => companions.includes(r.path)).map((r) => r.id);
      await ctx.d2dResources.setStatus([about.resource.id, ...companionIds], RESOURCE_STATUS.aboutMapped);
    }
    ctx.log(`Created ${packages.toLocaleString('en-US')} new packages from ${indexed.filter((a) => a.mapped.length > 0).length.toLocaleString('en-US')} About files which were mapped to resources in the to/ side.`);
  },
});
