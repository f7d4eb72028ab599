import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import type { PurlDbClient } from '@sca/fetch';
import type { D2dResource } from '@sca/persistence';
import { parseSourceMap } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { loadEcosystemConfig } from './d2d-config';
import { createPackageFromPurldbData, matchPackagesBySha1, matchResourcesBySha1, sha1Batches } from './purldb-matching';

const count = (n: number) => n.toLocaleString('en-US');
const NOT_AVAILABLE = 'PurlDB is not available. Skipping.';

/** The configured and answering PurlDB, or null after ScanCode.io's log line. */
async function purldbOrSkip(ctx: StepContext): Promise<PurlDbClient | null> {
  const client = await ctx.purldb();
  if (!client) ctx.log(NOT_AVAILABLE);
  return client;
}

export const matchArchivesToPurldb = defineStep({
  name: 'match_archives_to_purldb',
  doc: 'Match selected package archives by extension to PurlDB.',
  async run(ctx) {
    const client = await purldbOrSkip(ctx);
    if (!client) return;
    const { matchablePackageExtensions: extensions } = await loadEcosystemConfig(ctx);
    const archives = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, withSha1: true, extensions });
    if (archives.length === 0) {
      ctx.log(`Skipping matching for ${extensions.join(', ')} resources, as there are 0`);
      return;
    }
    ctx.log(`Matching ${count(archives.length)} ${extensions.join(', ')} resources in PurlDB, using SHA1`);
    let matched = 0;
    let sha1s = 0;
    for (const batch of sha1Batches(archives.map((r) => ({ sha1s: [r.sha1], resource: r })))) {
      sha1s += batch.size;
      matched += await matchPackagesBySha1(ctx, client, batch);
    }
    ctx.log(`${count(matched)} resources matched in PurlDB using ${count(sha1s)} SHA1s`);
  },
});

export const matchDirectoriesToPurldb = defineStep({
  name: 'match_directories_to_purldb',
  doc: 'Match selected directories in PurlDB.',
  async run(ctx) {
    const client = await purldbOrSkip(ctx);
    if (!client) return;
    const skip: string[] = [RESOURCE_STATUS.aboutMapped, RESOURCE_STATUS.matchedToPurldbPackage];
    const directories = (await ctx.d2dResources.list({ side: 'to', type: 'directory' })).filter((d) => !skip.includes(d.status));
    ctx.log(`Matching ${count(directories.length)} director${directories.length === 1 ? 'y' : 'ies'} from to/ in PurlDB`);
    // Top down: a matched directory covers its whole subtree, which is not asked again.
    const matchedRoots: string[] = [];
    let matched = 0;
    for (const dir of directories) {
      ctx.throwIfStopped();
      if (matchedRoots.some((root) => dir.path.startsWith(`${root}/`))) continue;
      // A directory with fewer than two files has no fingerprint: there is nothing to ask.
      const fingerprint = typeof dir.extra_data.directory_content === 'string' ? dir.extra_data.directory_content : '';
      if (!fingerprint) continue;
      const url = String((await client.matchDirectory(fingerprint))[0]?.package ?? '');
      const data = url ? await client.getJson(url) : null;
      if (!data || typeof data !== 'object') continue;
      await createPackageFromPurldbData(ctx, [dir], data as Record<string, unknown>, RESOURCE_STATUS.matchedToPurldbDirectory);
      matchedRoots.push(dir.path);
      matched++;
    }
    ctx.log(`${count(matched)} director${matched === 1 ? 'y' : 'ies'} matched in PurlDB`);
  },
});

/** A resource's sha1, and for a source map (JSON) the sha1s of its sources' contents too. */
async function sha1sOf(ctx: StepContext, r: D2dResource): Promise<string[]> {
  if (!r.path.endsWith('.map') || !r.file_type.toLowerCase().includes('json')) return [r.sha1];
  const parsed = parseSourceMap(await readFile(join(ctx.dirs.codebase, r.path)).catch(() => Buffer.alloc(0)));
  return parsed.ok ? [r.sha1, ...parsed.map.contentSha1s] : [r.sha1];
}

/** Resources matched by sha1 in batches; returns how many were matched, and how many sha1s were sent. */
export async function matchResourcesInPurldb(ctx: StepContext, client: PurlDbClient, resources: D2dResource[]): Promise<{ matched: number; sha1s: number }> {
  const withSha1s = [];
  for (const r of resources.filter((x) => x.sha1)) withSha1s.push({ resource: r, sha1s: await sha1sOf(ctx, r) });
  const cache = new Map<string, Record<string, unknown> | null>();
  let matched = 0;
  let sha1s = 0;
  for (const batch of sha1Batches(withSha1s)) {
    sha1s += batch.size;
    matched += await matchResourcesBySha1(ctx, client, batch, cache);
  }
  return { matched, sha1s };
}

export const matchResourcesToPurldb = defineStep({
  name: 'match_resources_to_purldb',
  doc: 'Match selected files by extension in PurlDB.',
  async run(ctx) {
    const client = await purldbOrSkip(ctx);
    if (!client) return;
    const { matchableResourceExtensions: extensions } = await loadEcosystemConfig(ctx);
    const files = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, withSha1: true, extensions });
    ctx.log(files.length > 0 ? `Matching ${count(files.length)} ${extensions.join(', ')} resources in PurlDB, using SHA1` : `Skipping matching for ${extensions.join(', ')} resources, as there are 0`);
    const { matched, sha1s } = await matchResourcesInPurldb(ctx, client, files);
    ctx.log(`${count(matched)} resources matched in PurlDB using ${count(sha1s)} SHA1s`);
  },
});

export const matchPurldbResourcesPostProcess = defineStep({
  name: 'match_purldb_resources_post_process',
  doc: 'Choose the best package for PurlDB matched resources.',
  async run(ctx) {
    const matched = await ctx.d2dResources.list({ type: 'file', statuses: [RESOURCE_STATUS.matchedToPurldbResource] });
    if (matched.length === 0) return;
    const extractDirs = (await ctx.d2dResources.list({ side: 'to', type: 'directory' })).filter((d) => d.path.endsWith('-extract'));
    let reassigned = 0;
    for (const dir of extractDirs) {
      // The archive's own files: not those of an archive nested in it.
      const own = matched.filter((r) => r.path.startsWith(dir.path) && !r.path.slice(dir.path.length).includes('-extract/'));
      if (own.length === 0) continue;
      const packagesOf = await ctx.packages.packageIdsOf(own.map((r) => r.id));
      const resourcesByPackage = new Map<number, number[]>();
      for (const r of own) for (const p of packagesOf.get(r.id) ?? []) resourcesByPackage.set(p, [...(resourcesByPackage.get(p) ?? []), r.id]);
      // Each resource goes to the package that matched the most of the archive's resources.
      const ranked = [...resourcesByPackage].sort((a, b) => b[1].length - a[1].length);
      await ctx.packages.unlinkResources(own.map((r) => r.id));
      const assigned = new Set<number>();
      for (const [packageId, ids] of ranked) {
        const unassigned = ids.filter((id) => !assigned.has(id));
        unassigned.forEach((id) => assigned.add(id));
        await ctx.packages.linkResourceIds(unassigned, packageId);
      }
      reassigned += own.length;
    }
    ctx.log(`${count(reassigned)} PurlDB matched resources assigned to their best package`);
  },
});
