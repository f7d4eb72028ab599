import { join } from 'node:path';
import { RESOURCE_STATUS } from '@sca/contracts';
import type { D2dResource, RelationByIds } from '@sca/persistence';
import { countOccurrences, selectSourceBySymbols, selectSourceByStrings, sourceLanguageOf, type JavascriptSourceMatch, type SourceCandidate, type SourceSymbolsTask } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';
import { forEachConcurrent } from '../codebase/concurrent';

const GROUPS = ['JavaScript'];
/** The JavaScript config's source_symbol_extensions. */
const SYMBOL_EXTENSIONS = ['.ts', '.js'];
const TASKS_PER_BATCH = 8;
const count = (n: number) => n.toLocaleString('en-US');

const symbolsOf = (r: D2dResource) => (Array.isArray(r.extra_data.source_symbols) ? (r.extra_data.source_symbols as string[]) : null);
const stringsOf = (r: D2dResource) => (Array.isArray(r.extra_data.source_strings) ? (r.extra_data.source_strings as string[]) : null);
const hasExtraData = (r: D2dResource) => Object.keys(r.extra_data).length > 0;

/**
 * Stores `extra_data.source_symbols` and `source_strings` of JavaScript and TypeScript files,
 * read in the worker pool (ScanCode.io's collect_and_store_tree_sitter_symbols_and_strings);
 * a file that cannot be read or is over the scan size limit gets none.
 */
async function storeSymbolsAndStrings(ctx: StepContext, files: D2dResource[]): Promise<void> {
  const pool = ctx.scanPool();
  const tasks = files
    .filter((r) => (r.size ?? 0) < ctx.scan.maxFileSize)
    .map((r) => ({ r, task: { absPath: join(ctx.dirs.codebase, r.path), language: sourceLanguageOf(r.name) } }))
    .filter((t): t is { r: D2dResource; task: SourceSymbolsTask } => t.task.language !== null);
  const batches: (typeof tasks)[] = [];
  for (let i = 0; i < tasks.length; i += TASKS_PER_BATCH) batches.push(tasks.slice(i, i + TASKS_PER_BATCH));
  await forEachConcurrent(batches, pool.concurrency * 2, (batch) => pool.sourceSymbols(batch.map((b) => b.task)), async (batch, results) => {
    ctx.throwIfStopped();
    const rows = batch.flatMap(({ r }, i) => {
      const result = results[i];
      if ('error' in result) return [];
      r.extra_data = { ...r.extra_data, source_symbols: result.symbols, source_strings: result.strings };
      return [{ path: r.path, patch: { source_symbols: result.symbols, source_strings: result.strings } }];
    });
    await ctx.resources.mergeExtraData(rows);
  });
}

interface BestSourceRule {
  /** The symbols or strings of a resource. */
  of(r: D2dResource): string[] | null;
  select(deployed: readonly string[] | null, candidates: SourceCandidate[]): JavascriptSourceMatch | null;
  mapType: string;
  scoreKey: string;
}

/** Each deployed file to its best source by `rule`, related and `mapped` in one write; returns how many. */
async function relateBestSources(ctx: StepContext, deployed: D2dResource[], sources: D2dResource[], rule: BestSourceRule): Promise<number> {
  const candidates: SourceCandidate[] = sources.map((r) => ({ id: r.id, occurrences: rule.of(r)?.length ? countOccurrences(rule.of(r) as string[]) : null }));
  const relations: RelationByIds[] = [];
  for (const target of deployed) {
    ctx.throwIfStopped();
    const match = rule.select(rule.of(target), candidates);
    if (match) relations.push({ fromId: match.fromId, toId: target.id, mapType: rule.mapType, extraData: { [rule.scoreKey]: match.score } });
  }
  await ctx.relations.insertByIds(relations);
  return ctx.d2dResources.setStatus(relations.map((r) => r.toId), RESOURCE_STATUS.mapped);
}

async function javascriptFiles(ctx: StepContext): Promise<{ from: D2dResource[]; to: D2dResource[] }> {
  const from = (await ctx.d2dResources.list({ side: 'from', type: 'file', extensions: SYMBOL_EXTENSIONS })).filter((r) => !r.path.includes('/test/'));
  const to = await ctx.d2dResources.list({ side: 'to', type: 'file', noRelation: true, extensions: SYMBOL_EXTENSIONS });
  return { from, to };
}

export const mapJavascriptSymbols = defineStep({
  name: 'map_javascript_symbols',
  doc: 'Map deployed JavaScript, TypeScript to its sources using symbols.',
  groups: GROUPS,
  async run(ctx) {
    const { from, to } = await javascriptFiles(ctx);
    if (from.length === 0 || to.length === 0) return;
    await storeSymbolsAndStrings(ctx, from);
    await storeSymbolsAndStrings(ctx, to);
    const sources = from.filter(hasExtraData);
    const deployed = to.filter(hasExtraData);
    ctx.log(`Mapping ${count(deployed.length)} JavaScript resources using symbols against ${count(sources.length)} from/ codebase.`);
    const mapped = await relateBestSources(ctx, deployed, sources, { of: symbolsOf, select: selectSourceBySymbols, mapType: 'javascript_symbols', scoreKey: 'jsd_similarity_score' });
    ctx.log(`${count(mapped)} resource mapped using symbols`);
  },
});

export const mapJavascriptStrings = defineStep({
  name: 'map_javascript_strings',
  doc: 'Map deployed JavaScript, TypeScript to its sources using string literals.',
  groups: GROUPS,
  async run(ctx) {
    const { from, to } = await javascriptFiles(ctx);
    const sources = from.filter(hasExtraData);
    const deployed = to.filter(hasExtraData);
    if (sources.length === 0 || deployed.length === 0) return;
    ctx.log(`Mapping ${count(deployed.length)} JavaScript resources using string literals against ${count(sources.length)} from/ resources.`);
    const mapped = await relateBestSources(ctx, deployed, sources, { of: stringsOf, select: selectSourceByStrings, mapType: 'javascript_strings', scoreKey: 'js_string_map_score' });
    ctx.log(`${count(mapped)} resource mapped using strings`);
  },
});
