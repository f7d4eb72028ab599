import type { ContainerImage } from '@sca/scanner';
import type { StepContext } from '../../framework/step-context';
import { loadRunState, saveRunState } from '../../framework/run-state';

/** An image of the run, as extract_images found it and later steps completed it. */
export interface RunImage {
  /** The input file the image came from. */
  input: string;
  /** The codebase/ directory its layers are extracted to (`<input>-extract`), relative to codebase/. */
  codebaseDir: string;
  image: ContainerImage;
}

export const saveRunImages = (ctx: StepContext, images: RunImage[]): Promise<void> => saveRunState(ctx, 'images', images);

export const loadRunImages = (ctx: StepContext): Promise<RunImage[]> => loadRunState<RunImage[]>(ctx, 'images', 'extract_images');
