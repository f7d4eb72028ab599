import { ecosystemConfigFor, type EcosystemConfig } from '@sca/scanner';
import { loadRunState, saveRunState } from '../../framework/run-state';
import type { StepContext } from '../../framework/step-context';

const STATE = 'd2d-ecosystem-config';

/** The run's ecosystem config (load_ecosystem_config), kept for the later steps. */
export async function saveEcosystemConfig(ctx: StepContext): Promise<EcosystemConfig> {
  const config = ecosystemConfigFor(ctx.run.selected_groups ?? []);
  await saveRunState(ctx, STATE, config);
  return config;
}

export const loadEcosystemConfig = (ctx: StepContext): Promise<EcosystemConfig> => loadRunState<EcosystemConfig>(ctx, STATE, 'load_ecosystem_config');
