import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { archiveKind, readArchiveHead, extractArchive } from '@sca/scanner';
import { defineStep } from '../../framework/define';
import { loadRunState, saveRunState } from '../../framework/run-state';
import type { StepContext } from '../../framework/step-context';
import { extractionMessages } from '../codebase/extraction-messages';

export const SIDES = ['from', 'to'] as const;
export type Side = (typeof SIDES)[number];

/** The input files of each side, by name in input/. */
export type D2dInputs = Record<Side, string[]>;

const STATE = 'd2d-inputs';

/**
 * ScanCode.io's get_inputs: a side's files are those of input/ whose name starts with the
 * side's name, plus the inputs tagged with it (upload tag or `#from`/`#to` URL fragment).
 */
export async function findD2dInputs(ctx: StepContext): Promise<D2dInputs> {
  const names = (await readdir(ctx.dirs.input)).sort();
  const tagged = (await ctx.inputs.list()).filter((i) => i.filename);
  const inputs = { from: [] as string[], to: [] as string[] };
  for (const side of SIDES) {
    const files = new Set(names.filter((n) => n.startsWith(side)));
    for (const i of tagged) if (i.tag === side && names.includes(i.filename)) files.add(i.filename);
    inputs[side] = [...files].sort();
  }
  return inputs;
}

export const getInputs = defineStep({
  name: 'get_inputs',
  doc: 'Locate the ``from`` and ``to`` input files.',
  async run(ctx) {
    const inputs = await findD2dInputs(ctx);
    for (const side of SIDES) {
      if (inputs[side].length === 0) throw new Error(`${side}* input files not found.`);
    }
    ctx.log(`from: ${inputs.from.join(', ')}; to: ${inputs.to.join(', ')}`);
    await saveRunState(ctx, STATE, inputs);
  },
});

/** Extracts an archive input into its side's directory, or copies another file there; problems become messages. */
async function placeInput(ctx: StepContext, name: string, sideDir: string): Promise<void> {
  const input = join(ctx.dirs.input, name);
  if (!archiveKind(input, await readArchiveHead(input))) {
    await cp(input, join(sideDir, name), { recursive: true, verbatimSymlinks: true });
    return;
  }
  const result = await extractArchive(input, sideDir, { signal: ctx.signal });
  await ctx.messages.addMany(extractionMessages(result.problems, name, 'extract_archive'));
}

export const extractInputsToCodebaseDirectory = defineStep({
  name: 'extract_inputs_to_codebase_directory',
  doc: 'Extract input files to the project\'s codebase/ directory.',
  async run(ctx) {
    ctx.scanPool().warmUp();
    const inputs = await loadRunState<D2dInputs>(ctx, STATE, 'get_inputs');
    for (const side of SIDES) {
      const sideDir = join(ctx.dirs.codebase, side);
      await mkdir(sideDir, { recursive: true });
      for (const name of inputs[side]) {
        ctx.throwIfStopped();
        await placeInput(ctx, name, sideDir);
      }
    }
  },
});
