import type { PlannedStep, StepDefinition } from './define';
import type { StepContext } from './step-context';

/** A step did not leave behind what it must: the run fails with what is missing. */
export class StepInvariantError extends Error {
  constructor(readonly step: string, readonly invariant: string, readonly problem: string) {
    super(`Step [${step}] did not complete: ${invariant}, but ${problem}`);
    this.name = 'StepInvariantError';
  }
}

/** Runs a step, then checks each of its invariants; the first broken one throws. */
export async function runStep(step: StepDefinition, ctx: StepContext): Promise<void> {
  await step.run(ctx);
  for (const invariant of step.ensures ?? []) {
    const problem = await invariant.check(ctx);
    if (problem !== null) throw new StepInvariantError(step.name, invariant.description, problem);
  }
}

/**
 * For a step that writes results as they arrive: every result handed to the writer was
 * written (rows the database reported), or the step fails saying how many were not.
 */
export function ensureAllWritten(step: string, what: string, writer: { added: number; written: number }): void {
  if (writer.written === writer.added) return;
  throw new StepInvariantError(step, `every ${what} is written`, `${writer.written} of ${writer.added} were written`);
}

/** What the caller of `runPlannedSteps` does around the steps (the runner: progress, log flushes, codebase upload). */
export interface PlannedStepHooks {
  /** A step is about to run or be skipped; `label` is `<n>/<total> <name>`. */
  stepStarting(label: string, step: StepDefinition): void;
  /** A step marked `codebaseFinal` completed: codebase/ no longer changes. */
  codebaseFinal?(): void;
  stepCompleted?(): Promise<void>;
}

/** Runs the planned steps in order, logging each as ScanCode.io does; the first error ends the run. */
export async function runPlannedSteps(plan: PlannedStep[], ctx: StepContext, hooks: PlannedStepHooks): Promise<void> {
  for (const [index, { step, skipped }] of plan.entries()) {
    ctx.throwIfStopped();
    hooks.stepStarting(`${index + 1}/${plan.length} ${step.name}`, step);
    if (skipped) {
      ctx.log(`Step [${step.name}] skipped`);
      continue;
    }
    ctx.log(`Step [${step.name}] starting`);
    const started = Date.now();
    await runStep(step, ctx);
    ctx.log(`Step [${step.name}] completed in ${((Date.now() - started) / 1000).toFixed(2)} seconds`);
    if (step.codebaseFinal) hooks.codebaseFinal?.();
    await hooks.stepCompleted?.();
  }
}
