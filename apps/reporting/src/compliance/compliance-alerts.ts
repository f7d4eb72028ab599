import { DataSource } from 'typeorm';
import { complianceAlertEntries } from '@sca/persistence';

/** The severities each `fail_level` reports (reference §9.2). */
const FAIL_LEVELS: Record<string, readonly string[]> = {
  error: ['error'],
  warning: ['error', 'warning'],
  missing: ['error', 'warning', 'missing'],
};

/** Severity keys appear most severe first. */
const SEVERITY_ORDER = ['error', 'warning', 'missing'];

export class FailLevelError extends Error {}

/** The severities of a case-insensitive `fail_level`; an unknown level is a 400, not ScanCode.io's 500. */
export function severitiesFor(failLevel: string | undefined): readonly string[] {
  const level = (failLevel || 'error').toLowerCase();
  const severities = FAIL_LEVELS[level];
  if (!severities) throw new FailLevelError(`Invalid fail_level "${failLevel}"; use one of ERROR, WARNING, MISSING.`);
  return severities;
}

/** `{"compliance_alerts": {model: {severity: [entries]}}}`, models and severities with entries only. */
export async function projectComplianceAlerts(db: DataSource, projectUuid: string, severities: readonly string[]): Promise<Record<string, unknown>> {
  const alerts: Record<string, Record<string, string[]>> = {};
  for (const [model, rows] of await complianceAlertEntries(db, projectUuid, severities)) {
    if (rows.length === 0) continue;
    const bySeverity: Record<string, string[]> = {};
    for (const severity of SEVERITY_ORDER) {
      const entries = rows.filter((r) => r.alert === severity).map((r) => r.entry);
      if (entries.length > 0) bySeverity[severity] = entries;
    }
    alerts[model] = bySeverity;
  }
  return { compliance_alerts: alerts };
}
