import { resolvePolicies, type PolicyLookup } from '@sca/policies';
import type { Policies } from '@sca/scanner';

/**
 * The policies of one run, resolved once: at the first step that asks, else at the end of the
 * run (before the scratch directory, which holds input/ and codebase/ policies files, is
 * removed), so that the run-end compliance refresh and the steps agree.
 */
export class RunPolicies {
  private lookup: Omit<PolicyLookup, 'model'> | null = null;
  private resolved: Promise<Policies | null> | null = null;

  constructor(private readonly service: Policies | null) {}

  /** Called once the project and the scratch directory are known. */
  attach(settings: Record<string, unknown>, dirs: PolicyLookup['dirs'], report: PolicyLookup['report']): void {
    this.lookup = { settings, dirs, service: this.service, report };
  }

  /** `model`: the step asking, named by the message a bad project document gives. */
  get(model: string): Promise<Policies | null> {
    if (!this.lookup) return Promise.resolve(this.service); // not memoized: no project yet
    this.resolved ??= resolvePolicies({ ...this.lookup, model }).then((r) => r.policies);
    return this.resolved;
  }

  /** The run's policies once resolved; undefined when they never were (the run never got its project). */
  settled(): Promise<Policies | null> | undefined {
    return this.resolved ?? undefined;
  }
}
