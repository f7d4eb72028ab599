import type { RelationByIds, D2dResource } from '@sca/persistence';
import { defineStep } from '../../framework/define';

/**
 * ScanCode.io's get_best_path_matches: of the from/ files with the same checksum, those whose
 * path ends with the longest suffix of the to/ path (dropping leading segments one at a time,
 * `to/` first) that any of them ends with; all of them when none does.
 */
export function bestPathMatches(toPath: string, candidates: readonly D2dResource[]): readonly D2dResource[] {
  const parts = toPath.replace(/^\/+/, '').split('/');
  for (let i = 1; i < parts.length; i++) {
    const suffix = parts.slice(i).join('/');
    const hits = candidates.filter((c) => c.path.endsWith(suffix));
    if (hits.length > 0) return hits;
  }
  return candidates;
}

export const mapChecksum = defineStep({
  name: 'map_checksum',
  doc: 'Map using SHA1 checksum.',
  async run(ctx) {
    const from = await ctx.d2dResources.list({ side: 'from', type: 'file', noStatus: true, withSha1: true });
    const to = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, withSha1: true, noRelation: true });
    ctx.log(`Mapping ${to.length.toLocaleString('en-US')} to/ resources using sha1 against from/ codebase`);
    const fromBySha1 = new Map<string, D2dResource[]>();
    for (const r of from) fromBySha1.set(r.sha1, [...(fromBySha1.get(r.sha1) ?? []), r]);
    const relations: RelationByIds[] = [];
    for (const target of to) {
      const candidates = fromBySha1.get(target.sha1);
      if (!candidates) continue;
      for (const match of bestPathMatches(target.path, candidates)) relations.push({ fromId: match.id, toId: target.id, mapType: 'sha1' });
    }
    ctx.log(`${await ctx.relations.insertByIds(relations)} sha1 relation(s) created`);
  },
});
