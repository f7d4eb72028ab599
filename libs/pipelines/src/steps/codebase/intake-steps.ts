import type { StepDefinition } from '../../framework/define';
import { collectAndCreateCodebaseResourcesStep } from './collect-resources.step';
import { copyInputsToCodebaseDirectory, extractArchives } from './copy-and-extract.steps';
import { flagEmptyFiles, flagIgnoredResources } from './flag-resources.steps';
import type { PackageScanPlan } from './package-scan-plan';

/**
 * The first steps of ScanCodebase and the pipelines built on it: inputs in, resources created,
 * noise flagged. A pipeline whose package scan follows passes its plan, and collection starts the
 * datafiles' package scans (see collectCodebaseResources).
 */
export function codebaseIntakeSteps(packagePlan?: PackageScanPlan): StepDefinition[] {
  return [copyInputsToCodebaseDirectory, extractArchives, collectAndCreateCodebaseResourcesStep(packagePlan), flagEmptyFiles, flagIgnoredResources];
}

export const CODEBASE_INTAKE_STEPS = codebaseIntakeSteps();
