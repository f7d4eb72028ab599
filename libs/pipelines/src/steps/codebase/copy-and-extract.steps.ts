import { cp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractRecursively, mountArchivesRecursively, readRange, type ExtractionProblem, type TreeMounts } from '@sca/scanner';
import { POLICIES_FILENAME } from '@sca/policies';
import { saveCodebaseMounts } from '../../framework/codebase-files';
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

async function reportExtraction(ctx: StepContext, model: string, archives: number, problems: ExtractionProblem[]): Promise<void> {
  ctx.log(`${archives} archive(s) extracted`);
  for (const p of problems) {
    await ctx.messages.add({
      severity: p.severity,
      description: p.entry ? `${p.reason}: ${p.entry}` : p.reason,
      model,
      details: { resource_path: p.archive, ...(p.entry ? { entry: p.entry } : {}) },
    });
  }
}

/**
 * Recursive extraction into `X-extract/` on disk; each problem becomes a message, extraction
 * goes on. For the pipelines whose later steps read files by their path on disk (deploy to
 * develop, scan_single_package's toolkit scan).
 */
export async function extractCodebaseArchives(ctx: StepContext, model: string): Promise<void> {
  const result = await extractRecursively(ctx.dirs.codebase, { signal: ctx.signal });
  await reportExtraction(ctx, model, result.archives, result.problems);
}

/**
 * A policies file at the top of an archive (`codebase/<x>-extract/policies.yml`) is where the
 * project's policies are looked for on disk: it is written out there, the only file that is.
 */
async function writeTopPolicies(mounts: TreeMounts, codebase: string): Promise<void> {
  for (const [dir, tree] of mounts) {
    if (join(dir, '..') !== codebase) continue;
    const range = tree.rangeOf(POLICIES_FILENAME);
    if (range) await writeFile(join(dir, POLICIES_FILENAME), readRange(range));
  }
}

/**
 * The same extraction without writing the archives' files: each archive is an archive tree
 * mounted on its `X-extract/` directory (see libs/scanner archive/mount-archives.ts), read by
 * the later steps through ctx.codebase(). Same resources, bytes and messages as on disk.
 */
export async function mountCodebaseArchives(ctx: StepContext, model: string): Promise<void> {
  const result = await mountArchivesRecursively(ctx.dirs.codebase, join(ctx.dirs.tmp, 'archives'), { signal: ctx.signal });
  await saveCodebaseMounts(ctx.dirs, result.mounts);
  await writeTopPolicies(result.mounts, ctx.dirs.codebase);
  await reportExtraction(ctx, model, result.archives, result.problems);
}

const EXTRACT_ARCHIVES = { name: 'extract_archives', doc: 'Extract archives located in the codebase/ directory with extractcode.' };

/** extract_archives for the pipelines that read the codebase through ctx.codebase() (the codebase intake). */
export const extractArchives = defineStep({
  ...EXTRACT_ARCHIVES,
  run: (ctx) => {
    // The run's workers start and build their license index while the archives are read.
    ctx.scanPool().warmUp();
    return mountCodebaseArchives(ctx, 'extract_archives');
  },
});

/** extract_archives onto the disk (deploy to develop reads its files by path). */
export const extractArchivesToDisk = defineStep({
  ...EXTRACT_ARCHIVES,
  run: (ctx) => {
    ctx.scanPool().warmUp();
    return extractCodebaseArchives(ctx, 'extract_archives');
  },
});
