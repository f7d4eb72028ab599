import { DataSource } from 'typeorm';
import { rowsOf } from '../rows-of';

/** Each model with its license expression field (ScanCode.io's `license_expression_field`). */
export const COMPLIANCE_TABLES = [
  { table: 'codebase_resources', expression: 'detected_license_expression' },
  { table: 'discovered_packages', expression: 'declared_license_expression' },
  { table: 'discovered_licenses', expression: 'license_expression' },
] as const;

/** The alert of one license expression under the policies in force. */
export type LicenseAlertOf = (expression: string) => string;

/**
 * Recomputes `compliance_alert` of a project's records: with `alertOf` null (no license
 * policies) every alert is cleared. Per table: the distinct expressions (few, over many
 * records), their alerts computed by `alertOf`, then one bulk UPDATE joined on the
 * (expression, alert) arrays. Rows that already hold the right alert are not rewritten.
 */
export async function refreshComplianceAlerts(db: DataSource, projectUuid: string, alertOf: LicenseAlertOf | null): Promise<void> {
  for (const { table, expression } of COMPLIANCE_TABLES) {
    if (!alertOf) {
      await db.query(`UPDATE ${table} SET compliance_alert = '' WHERE project_uuid = $1 AND compliance_alert <> ''`, [projectUuid]);
      continue;
    }
    const rows = rowsOf<{ expression: string }>(await db.query(`SELECT DISTINCT ${expression} AS expression FROM ${table} WHERE project_uuid = $1`, [projectUuid]));
    const expressions = rows.map((r) => r.expression);
    const alerts = expressions.map(alertOf);
    await db.query(
      `UPDATE ${table} t SET compliance_alert = v.alert
       FROM unnest($2::text[], $3::text[]) AS v(expression, alert)
       WHERE t.project_uuid = $1 AND t.${expression} = v.expression AND t.compliance_alert <> v.alert`,
      [projectUuid, expressions, alerts],
    );
  }
}
