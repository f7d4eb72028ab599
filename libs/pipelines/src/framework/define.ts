import { StepContext } from './step-context';

/** Something a step must leave behind, checked when its run ends (see run-step.ts). */
export interface StepInvariant {
  /** What must hold, as a sentence: "every resource has a status". */
  description: string;
  /** Null when it holds; otherwise what is missing, with examples. */
  check(ctx: StepContext): Promise<string | null>;
}

export interface StepDefinition {
  name: string;
  /** Shown as the step's `doc` in GET /api/projects/pipelines/. */
  doc: string;
  /** Optional groups: the step runs only when one of them is selected (`pipeline:Group1,Group2`). */
  groups?: string[];
  /** After this step codebase/ no longer changes: the runner may start keeping it in storage. */
  codebaseFinal?: boolean;
  /** Checked after `run`: a broken invariant fails the run instead of ending it in a silent success. */
  ensures?: StepInvariant[];
  run(ctx: StepContext): Promise<void>;
}

export interface PipelineDefinition {
  name: string;
  summary: string;
  description: string;
  /** Pipelines that start from inputs get the `download_missing_inputs` step first. */
  downloadInputs: boolean;
  /** Add-ons work on existing data and cannot be a project's first pipeline. */
  isAddon: boolean;
  steps: StepDefinition[];
  /** A reason when the pipeline cannot run on this deployment (a service not configured). */
  unavailableReason?: () => string | null;
}

const NAME = /^[a-z][a-z0-9_]*$/;

export function defineStep(step: StepDefinition): StepDefinition {
  if (!NAME.test(step.name)) throw new Error(`Invalid step name: ${step.name}`);
  return step;
}

export function definePipeline(pipeline: PipelineDefinition): PipelineDefinition {
  if (!NAME.test(pipeline.name)) throw new Error(`Invalid pipeline name: ${pipeline.name}`);
  const names = new Set<string>();
  for (const s of pipeline.steps) {
    if (names.has(s.name)) throw new Error(`Pipeline ${pipeline.name} has two steps named ${s.name}`);
    names.add(s.name);
  }
  return pipeline;
}

export interface PlannedStep {
  step: StepDefinition;
  skipped: boolean;
}

/** ScanCode.io's selection: grouped steps need a selected group; selected_steps limits further. */
export function planSteps(steps: StepDefinition[], selectedGroups: string[] | null, selectedSteps: string[] | null): PlannedStep[] {
  return steps
    .filter((s) => !s.groups?.length || (selectedGroups ?? []).some((g) => s.groups?.includes(g)))
    .map((step) => ({ step, skipped: selectedSteps !== null && selectedSteps.length > 0 && !selectedSteps.includes(step.name) }));
}

export function availableGroups(pipeline: PipelineDefinition): string[] {
  return [...new Set(pipeline.steps.flatMap((s) => s.groups ?? []))].sort();
}
