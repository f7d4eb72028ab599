import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import type { RelationByIds, D2dResource } from '@sca/persistence';
import {
  colocatedBySource, colocationArchivePrefix, colocationFromPrefix, isJsPathKeyFile, isSourceMappingInMinified, jsRelatedPaths, matchJavascriptMap,
  minifiedSiblingPath, parseSourceMap, PathSuffixIndex, posixName, selectJsPathSource,
} from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { textOf } from './map-path.step';

const GROUPS = ['JavaScript'];
const count = (n: number) => n.toLocaleString('en-US');
const hidden = (r: D2dResource) => r.name.startsWith('.');

/** The from/ files JavaScript mapping looks at: all of them, whatever their status, but those under a /test/ directory. */
async function fromCandidates(ctx: StepContext): Promise<D2dResource[]> {
  return (await ctx.d2dResources.list({ side: 'from', type: 'file' })).filter((r) => !r.path.includes('/test/'));
}

/**
 * The to/ files still without a status, kept current as the step maps them (ScanCode.io's
 * querysets are read again at each use, so a file mapped by one key file is not mapped again),
 * with the relations and `mapped` statuses the step makes, written once at its end.
 */
class Unmapped {
  private readonly byPath: Map<string, D2dResource>;
  private readonly relations: RelationByIds[] = [];
  private readonly mapped: number[] = [];
  constructor(files: D2dResource[]) {
    this.byPath = new Map(files.filter((r) => !hidden(r)).map((r) => [r.path, r]));
  }
  get(path: string): D2dResource | undefined {
    return this.byPath.get(path);
  }
  values(): D2dResource[] {
    return [...this.byPath.values()];
  }
  /** Relates `files` as `relations` say and takes them out of the unmapped ones. */
  map(files: D2dResource[], relations: RelationByIds[]): void {
    for (const f of files) {
      this.byPath.delete(f.path);
      this.mapped.push(f.id);
    }
    this.relations.push(...relations);
  }
  /** Writes what the step mapped; returns how many files. */
  async write(ctx: StepContext): Promise<number> {
    await ctx.relations.insertByIds(this.relations);
    return ctx.d2dResources.setStatus(this.mapped, RESOURCE_STATUS.mapped);
  }
}

export const mapJavascript = defineStep({
  name: 'map_javascript',
  doc: 'Map a packed or minified JavaScript, TypeScript, CSS and SCSS\nto its source.',
  groups: GROUPS,
  async run(ctx) {
    const unmapped = new Unmapped(await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true }));
    const maps = unmapped.values().filter((r) => r.extension === '.map');
    ctx.log(`Mapping ${count(maps.length)} .map resources using javascript map against from/ codebase.`);
    const from = await fromCandidates(ctx);
    const index = new PathSuffixIndex(from.map((r) => [r.id, r.path] as const));
    const bySha1 = new Map<string, D2dResource[]>();
    for (const r of from) if (r.sha1) bySha1.set(r.sha1, [...(bySha1.get(r.sha1) ?? []), r]);
    const fromById = new Map(from.map((r) => [r.id, r]));
    const lookup = {
      filesWithSha1: (sha1s: readonly string[]) => [...new Set(sha1s)].flatMap((s) => bySha1.get(s) ?? []).sort((a, b) => (a.path < b.path ? -1 : 1)),
      findPathSuffix: (path: string) => index.find(path),
      fromText: (id: number) => textOf(ctx, fromById.get(id) as D2dResource),
    };
    for (const map of maps) {
      ctx.throwIfStopped();
      if (!unmapped.get(map.path)) continue;
      const parsed = parseSourceMap(await readFile(join(ctx.dirs.codebase, map.path)).catch(() => Buffer.alloc(0)));
      if (!parsed.ok) {
        await ctx.messages.add({ severity: 'warning', description: `Cannot read source map: ${parsed.error}`, model: 'map_javascript', details: { resource_path: map.path } });
        continue;
      }
      const matches = await matchJavascriptMap(parsed.map, lookup);
      if (matches.length === 0) continue;
      const transpiled = [map];
      const sibling = unmapped.get(minifiedSiblingPath(map.path) ?? '');
      if (sibling && ['.js', '.css'].includes(sibling.extension) && isSourceMappingInMinified((await textOf(ctx, sibling)) ?? '', posixName(map.path))) transpiled.push(sibling);
      unmapped.map(transpiled, transpiled.flatMap((t) => matches.map((m) => ({ fromId: m.fromId, toId: t.id, mapType: 'js_compiled', extraData: m.extraData }))));
    }
    ctx.log(`${count(await unmapped.write(ctx))} resources mapped`);
  },
});

/**
 * js.map_related_files: relates `source` to the key file and to its sibling transpiled files
 * still without a status, which all become `mapped`.
 */
function mapRelatedFiles(unmapped: Unmapped, key: D2dResource, sourceId: number, mapType: string, extraData: Record<string, unknown>): void {
  const files = [key, ...jsRelatedPaths(key.path).map((p) => unmapped.get(p)).filter((r): r is D2dResource => r !== undefined && r.id !== key.id)];
  unmapped.map(files, files.map((f) => ({ fromId: sourceId, toId: f.id, mapType, extraData })));
}

/** _map_javascript_path_resource: the key file's source by path, over `index`. */
function mapByJsPath(unmapped: Unmapped, key: D2dResource, index: PathSuffixIndex, mapType: string): void {
  const source = selectJsPathSource(key.path, (p) => index.find(p));
  if (source) mapRelatedFiles(unmapped, key, source.fromId, mapType, { path_score: source.pathScore });
}

export const mapJavascriptPostPurldbMatch = defineStep({
  name: 'map_javascript_post_purldb_match',
  doc: 'Map minified javascript file based on existing PurlDB match.',
  groups: GROUPS,
  async run(ctx) {
    // Only .map files matched in PurlDB count; without PurlDB there are none.
    const maps = await ctx.d2dResources.list({ side: 'to', type: 'file', statuses: [RESOURCE_STATUS.matchedToPurldbResource], extensions: ['.map'] });
    if (maps.length === 0) {
      ctx.log('No PurlDB matched .map file is available. Skipping.');
      return;
    }
    const minified = (await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, extensions: ['.css', '.js'] }));
    ctx.log(`Mapping ${count(minified.length)} minified .js and .css resources based on existing PurlDB match.`);
    const index = new PathSuffixIndex(maps.map((r) => [r.id, r.path] as const));
    const packagesOf = await ctx.packages.packageIdsOf(maps.map((r) => r.id));
    for (const file of minified) {
      const mapName = `${posixName(file.path)}.map`;
      if (!isSourceMappingInMinified((await textOf(ctx, file)) ?? '', mapName)) continue;
      const hit = index.find(`${file.path}.map`);
      if (!hit || hit.ids.length > hit.matchedSegments) continue;
      const packageId = packagesOf.get(hit.ids[0])?.[0];
      if (packageId === undefined) continue;
      await ctx.packages.linkResourceIds([file.id], packageId);
      await ctx.d2dResources.setStatus([file.id], RESOURCE_STATUS.mapped);
    }
  },
});

export const mapJavascriptPath = defineStep({
  name: 'map_javascript_path',
  doc: 'Map javascript file based on path.',
  groups: GROUPS,
  async run(ctx) {
    const unmapped = new Unmapped(await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true }));
    const keys = unmapped.values().filter((r) => isJsPathKeyFile(r.path));
    ctx.log(`Mapping ${count(keys.length)} to/ resources using javascript map against from/ codebase.`);
    const index = new PathSuffixIndex((await fromCandidates(ctx)).map((r) => [r.id, r.path] as const));
    for (const key of keys) {
      ctx.throwIfStopped();
      if (unmapped.get(key.path)) mapByJsPath(unmapped, key, index, 'js_path');
    }
    ctx.log(`${count(await unmapped.write(ctx))} resources mapped`);
  },
});

export const mapJavascriptColocation = defineStep({
  name: 'map_javascript_colocation',
  doc: 'Map JavaScript files based on neighborhood file mapping.',
  groups: GROUPS,
  async run(ctx) {
    const unmapped = new Unmapped(await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true }));
    const keys = unmapped.values().filter((r) => isJsPathKeyFile(r.path));
    ctx.log(`Mapping ${count(keys.length)} to/ resources against from/ codebase based on neighborhood file mapping.`);
    const from = await fromCandidates(ctx);
    const neighbours = await ctx.d2dResources.relations(['java_to_class', 'js_compiled']);
    for (const key of keys) {
      ctx.throwIfStopped();
      const archive = colocationArchivePrefix(key.path);
      if (!unmapped.get(key.path) || archive === null) continue;
      const prefix = colocationFromPrefix(neighbours.filter((n) => n.to_path.startsWith(archive)).map((n) => n.from_path));
      if (prefix === null) continue;
      const near = from.filter((r) => r.path.startsWith(prefix));
      const parsed = key.extension === '.map' ? parseSourceMap(await readFile(join(ctx.dirs.codebase, key.path)).catch(() => Buffer.alloc(0))) : null;
      const firstSource = parsed?.ok ? parsed.map.sources[0] : undefined;
      const bySource = firstSource === undefined ? null : colocatedBySource(firstSource, near);
      if (bySource !== null) mapRelatedFiles(unmapped, key, bySource, 'js_colocation', {});
      else mapByJsPath(unmapped, key, new PathSuffixIndex(near.map((r) => [r.id, r.path] as const)), 'js_colocation');
    }
    ctx.log(`${count(await unmapped.write(ctx))} resources mapped`);
  },
});
