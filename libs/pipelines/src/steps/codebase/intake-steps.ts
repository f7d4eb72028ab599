import { collectAndCreateCodebaseResources } from './collect-resources.step';
import { copyInputsToCodebaseDirectory, extractArchives } from './copy-and-extract.steps';
import { flagEmptyFiles, flagIgnoredResources } from './flag-resources.steps';

/** The first steps of ScanCodebase and the pipelines built on it: inputs in, resources created, noise flagged. */
export const CODEBASE_INTAKE_STEPS = [copyInputsToCodebaseDirectory, extractArchives, collectAndCreateCodebaseResources, flagEmptyFiles, flagIgnoredResources];
