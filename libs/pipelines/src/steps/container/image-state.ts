import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContainerImage } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';

/**
 * The images of a run, passed from step to step (ScanCode.io keeps them on the pipeline
 * object): written to tmp/ by the step that changes them, read back by the next. A resumed run
 * starts again from its first step, so the file is always this attempt's.
 */
const STATE_FILE = 'images.json';

export interface RunImage {
  /** The input file the image came from. */
  input: string;
  /** The codebase/ directory its layers are extracted to (`<input>-extract`), relative to codebase/. */
  codebaseDir: string;
  image: ContainerImage;
}

export async function saveRunImages(ctx: StepContext, images: RunImage[]): Promise<void> {
  await writeFile(join(ctx.dirs.tmp, STATE_FILE), JSON.stringify(images));
}

export async function loadRunImages(ctx: StepContext): Promise<RunImage[]> {
  try {
    return JSON.parse(await readFile(join(ctx.dirs.tmp, STATE_FILE), 'utf8')) as RunImage[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('No images: the extract_images step has not run.');
    throw error;
  }
}
