import type { StepInvariant } from '../../framework/define';

const EXAMPLES = 5;

/** After scan_for_files (and any step that handles every resource without a status). */
export const everyResourceHasStatus: StepInvariant = {
  description: 'every resource has a status',
  async check(ctx) {
    const { total, paths } = await ctx.resources.sampleWithoutStatus(EXAMPLES);
    if (total === 0) return null;
    return `${total} resource(s) have none (${paths.join(', ')}${total > paths.length ? ', …' : ''})`;
  },
};
