import { RESOURCE_STATUS } from '@sca/contracts';
import { BatchWriter } from '@sca/persistence';
import { fnmatch, fnmatchLike } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import { ensureAllWritten } from '../../framework/run-step';
import type { StepContext } from '../../framework/step-context';

/** ScanCode.io's default ignored patterns, added to the project's `ignored_patterns`. */
const STATUS_BATCH = 2000;

export const DEFAULT_IGNORED_PATTERNS = ['scancode-config.yml', '*/scancode-config.yml', 'policies.yml', '*/policies.yml', '*/__MACOSX*'];

export const flagEmptyFiles = defineStep({
  name: 'flag_empty_files',
  doc: 'Flag empty files.',
  async run(ctx) {
    const flagged = await ctx.resources.setStatusOfEmptyFiles(RESOURCE_STATUS.ignoredEmptyFile, [RESOURCE_STATUS.none, RESOURCE_STATUS.notAnalyzed]);
    ctx.log(`${flagged} empty file(s) flagged`);
  },
});

function ignoredPatterns(ctx: StepContext): string[] {
  const raw = ctx.project.settings['ignored_patterns'];
  const own = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/\r?\n/) : [];
  return [...own.map((p) => String(p).trim()).filter(Boolean), ...DEFAULT_IGNORED_PATTERNS];
}

export const flagIgnoredResources = defineStep({
  name: 'flag_ignored_resources',
  doc: 'Flag ignored resources based on Project ``ignored_patterns`` setting.',
  async run(ctx) {
    const patterns = ignoredPatterns(ctx);
    const flagged = new BatchWriter<string>(STATUS_BATCH, (paths) => ctx.resources.setStatus(paths, RESOURCE_STATUS.ignoredPattern));
    // The database keeps to the paths that may match; fnmatch decides.
    for await (const r of ctx.resources.withoutStatusLike(patterns.map(fnmatchLike))) {
      if (patterns.some((p) => fnmatch(r.path, p))) await flagged.add(r.path);
    }
    await flagged.flush();
    ensureAllWritten('flag_ignored_resources', 'flagged resource', flagged);
    ctx.log(`${flagged.written} resource(s) flagged by ignored patterns`);
  },
});

export const flagNotAnalyzedCodebaseResources = defineStep({
  name: 'flag_not_analyzed_codebase_resources',
  doc: 'Check for any leftover files for sanity; there should be none.',
  async run(ctx) {
    await ctx.resources.setStatusOfRemaining(RESOURCE_STATUS.notAnalyzed);
  },
});
