import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RelationByIds, D2dResource } from '@sca/persistence';
import { formatDiffRatio, PathSuffixIndex, textDiffRatio } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

const DIFF_RATIO_THRESHOLD = 0.7;

/** A resource's text, or null when it cannot be read as UTF-8 text (ScanCode.io's file_content). */
export async function textOf(ctx: StepContext, r: D2dResource): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await readFile(join(ctx.dirs.codebase, r.path)));
  } catch {
    return null;
  }
}


export const mapPath = defineStep({
  name: 'map_path',
  doc: 'Map using path similarities.',
  async run(ctx) {
    const from = await ctx.d2dResources.list({ side: 'from', type: 'file', noStatus: true });
    const to = await ctx.d2dResources.list({ side: 'to', type: 'file', noStatus: true, noRelation: true });
    ctx.log(`Mapping ${to.length.toLocaleString('en-US')} to/ resources using path map against from/ codebase`);
    if (from.length === 0) {
      ctx.log('No from/ resources to map.');
      return;
    }
    const byId = new Map(from.map((r) => [r.id, r]));
    const index = new PathSuffixIndex(from.map((r) => [r.id, r.path] as const));
    const relations: RelationByIds[] = [];
    for (const target of to) {
      ctx.throwIfStopped();
      const match = index.find(target.path);
      // Never on the file name alone, and never more candidates than matched segments.
      if (!match || match.matchedSegments < 2 || match.ids.length > match.matchedSegments) continue;
      const toLength = target.path.split('/').length - 1;
      const targetText = await textOf(ctx, target);
      for (const id of match.ids) {
        const ratio = textDiffRatio(targetText, await textOf(ctx, byId.get(id) as D2dResource));
        if (ratio !== null && ratio < DIFF_RATIO_THRESHOLD) continue;
        const extraData: Record<string, unknown> = { path_score: `${match.matchedSegments}/${toLength}` };
        if (ratio) extraData.diff_ratio = formatDiffRatio(ratio);
        relations.push({ fromId: id, toId: target.id, mapType: 'path', extraData });
      }
    }
    ctx.log(`${await ctx.relations.insertByIds(relations)} path relation(s) created`);
  },
});
