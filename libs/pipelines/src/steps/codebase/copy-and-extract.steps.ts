import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { extractRecursively } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import type { StepContext } from '../../framework/step-context';

export const copyInputsToCodebaseDirectory = defineStep({
  name: 'copy_inputs_to_codebase_directory',
  doc: 'Copy input files to the project codebase/ directory. The code can also be copied there prior to running the Pipeline.',
  async run(ctx) {
    for (const name of await readdir(ctx.dirs.input)) {
      await cp(join(ctx.dirs.input, name), join(ctx.dirs.codebase, name), { recursive: true, force: true, verbatimSymlinks: true });
    }
  },
});

/** Recursive extraction into `X-extract/`; each problem becomes a message, extraction goes on. */
export async function extractCodebaseArchives(ctx: StepContext, model: string): Promise<void> {
  const result = await extractRecursively(ctx.dirs.codebase, { signal: ctx.signal });
  ctx.log(`${result.archives} archive(s) extracted`);
  for (const p of result.problems) {
    await ctx.messages.add({
      severity: p.severity,
      description: p.entry ? `${p.reason}: ${p.entry}` : p.reason,
      model,
      details: { resource_path: p.archive, ...(p.entry ? { entry: p.entry } : {}) },
    });
  }
}

export const extractArchives = defineStep({
  name: 'extract_archives',
  doc: 'Extract archives located in the codebase/ directory with extractcode.',
  run: (ctx) => {
    // The run's workers start and build their license index while the archives are extracted.
    ctx.scanPool().warmUp();
    return extractCodebaseArchives(ctx, 'extract_archives');
  },
});
