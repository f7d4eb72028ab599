import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StepContext } from './step-context';

/**
 * What a pipeline's steps pass on to the next ones (ScanCode.io keeps it on the pipeline
 * object: the images, the root filesystems): a JSON file in the run's tmp/, written by the step
 * that produces it. A resumed run starts again from its first step, so the file is always this
 * attempt's.
 */
export async function saveRunState(ctx: StepContext, name: string, value: unknown): Promise<void> {
  await writeFile(join(ctx.dirs.tmp, `${name}.json`), JSON.stringify(value));
}

/** The state `name`; `producer` names the step that writes it, for the error when it has not run. */
export async function loadRunState<T>(ctx: StepContext, name: string, producer: string): Promise<T> {
  try {
    return JSON.parse(await readFile(join(ctx.dirs.tmp, `${name}.json`), 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`No ${name}: the ${producer} step has not run.`);
    throw error;
  }
}
