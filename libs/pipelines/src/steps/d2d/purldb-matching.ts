import { randomUUID } from 'node:crypto';
import { RESOURCE_STATUS, type ResourceStatus } from '@sca/contracts';
import type { PurlDbClient } from '@sca/fetch';
import { normalizePackage } from '@sca/formats';
import type { D2dResource } from '@sca/persistence';
import type { StepContext } from '../../framework/step-context';

type Json = Record<string, unknown>;

/** ScanCode.io's batches of sha1s sent to PurlDB. */
export const PURLDB_BATCH = 1000;
const PURLDB_STATUSES: string[] = [RESOURCE_STATUS.matchedToPurldbPackage, RESOURCE_STATUS.matchedToPurldbResource, RESOURCE_STATUS.matchedToPurldbDirectory];

/**
 * The resources a match covers: the matched ones, with the extracted contents of a matched
 * archive (`<path>-extract…`) and everything under a matched directory.
 */
async function coveredResources(ctx: StepContext, resources: readonly D2dResource[]): Promise<D2dResource[]> {
  const byId = new Map<number, D2dResource>();
  for (const r of resources) {
    byId.set(r.id, r);
    const prefix = r.is_archive ? r.path : r.type === 'directory' ? `${r.path}/` : null;
    if (prefix) for (const under of await ctx.d2dResources.list({ pathPrefix: prefix })) byId.set(under.id, under);
  }
  return [...byId.values()];
}

/**
 * ScanCode.io's create_package_from_purldb_data: a package from PurlDB's data (its uuid and
 * dependencies left out) with the covered resources, which get `status` unless a PurlDB
 * match already gave them one; returns how many got it.
 */
export async function createPackageFromPurldbData(ctx: StepContext, resources: readonly D2dResource[], data: Json, status: ResourceStatus): Promise<number> {
  const { uuid: _uuid, dependencies: _dependencies, package_uid: _uid, ...fields } = data;
  const item = normalizePackage(fields, (p) => p, 0).find((i) => i.kind === 'package');
  if (item?.kind !== 'package') {
    await ctx.messages.add({ severity: 'warning', description: 'PurlDB package data could not be read', model: ctx.run.pipeline_name, details: { package_data: data } });
    return 0;
  }
  const record = { ...item.record, package_uid: `${item.record.purl}?uuid=${randomUUID()}`, missing_resources: [], modified_resources: [] };
  await ctx.packages.insert([record]);
  const covered = await coveredResources(ctx, resources);
  await ctx.packages.linkResources(covered.map((r) => ({ path: r.path, package_uid: record.package_uid })));
  const fresh = covered.filter((r) => !PURLDB_STATUSES.includes(r.status));
  return ctx.d2dResources.setStatus(fresh.map((r) => r.id), status);
}

/** The resources by sha1, in batches of PURLDB_BATCH resources. */
export function sha1Batches(resources: readonly { sha1s: string[]; resource: D2dResource }[]): Map<string, D2dResource[]>[] {
  const batches: Map<string, D2dResource[]>[] = [];
  for (let i = 0; i < resources.length; i += PURLDB_BATCH) {
    const batch = new Map<string, D2dResource[]>();
    for (const { sha1s, resource } of resources.slice(i, i + PURLDB_BATCH)) for (const s of sha1s) batch.set(s, [...(batch.get(s) ?? []), resource]);
    batches.push(batch);
  }
  return batches;
}

/** Packages matched by the archives' sha1s (match_purldb_package); returns how many resources they cover. */
export async function matchPackagesBySha1(ctx: StepContext, client: PurlDbClient, bySha1: Map<string, D2dResource[]>): Promise<number> {
  let matched = 0;
  for (const data of await client.matchPackages([...bySha1.keys()], true)) {
    const resources = bySha1.get(String(data.sha1 ?? ''));
    if (resources) matched += await createPackageFromPurldbData(ctx, resources, data, RESOURCE_STATUS.matchedToPurldbPackage);
  }
  return matched;
}

/**
 * Package resources matched by sha1 (match_purldb_resource): each match names its package's
 * URL, whose details are fetched once per run; returns how many resources they cover.
 */
export async function matchResourcesBySha1(ctx: StepContext, client: PurlDbClient, bySha1: Map<string, D2dResource[]>, packageCache: Map<string, Json | null>): Promise<number> {
  let matched = 0;
  for (const result of await client.matchResources([...bySha1.keys()])) {
    const url = String(result.package ?? '');
    if (!packageCache.has(url)) packageCache.set(url, url ? ((await client.getJson(url)) as Json | null) : null);
    const data = packageCache.get(url);
    const resources = bySha1.get(String(result.sha1 ?? ''));
    if (data && resources) matched += await createPackageFromPurldbData(ctx, resources, data, RESOURCE_STATUS.matchedToPurldbResource);
  }
  return matched;
}
