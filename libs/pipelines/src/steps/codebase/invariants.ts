import type { StepInvariant } from '../../framework/define';

const EXAMPLES = 5;

/** After scan_for_files (and any step that handles every resource without a status). */
export const everyResourceHasStatus: StepInvariant = {
  description: 'every resource has a status',
  async check(ctx) {
    const rows: { path: string; n: string }[] = await ctx.db.query(
      `SELECT path, count(*) OVER () AS n FROM codebase_resources WHERE project_uuid = $1 AND status = '' ORDER BY path LIMIT ${EXAMPLES}`,
      [ctx.project.uuid],
    );
    if (rows.length === 0) return null;
    return `${rows[0].n} resource(s) have none (${rows.map((r) => r.path).join(', ')}${Number(rows[0].n) > rows.length ? ', …' : ''})`;
  },
};
