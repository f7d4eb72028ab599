import { DataSource } from 'typeorm';
import { refreshComplianceAlerts, updateProjectCounts } from '@sca/persistence';
import { licenseComplianceAlert, licensePoliciesEnabled, type Policies } from '@sca/scanner';
import type { RunPolicies } from './run-policies';

/**
 * Recomputes `compliance_alert` of a project's records from the policies a run resolved.
 * ScanCode.io computes it when a record is saved and never again; here every run end refreshes
 * it, so that changed policies apply to existing records (see docs/architecture.md).
 */
export function refreshRunComplianceAlerts(db: DataSource, projectUuid: string, policies: Policies | null): Promise<void> {
  return refreshComplianceAlerts(db, projectUuid, licensePoliciesEnabled(policies) ? (expression) => licenseComplianceAlert(expression, policies) : null);
}

/**
 * What every run leaves in its project when it ends, whatever its outcome: the records' alerts
 * under the policies the run resolved (when it got that far), then the project counts. A failed
 * alert refresh goes to `onComplianceError` and does not keep the counts from being updated.
 */
export async function settleRunRecords(db: DataSource, projectUuid: string, policies: RunPolicies, onComplianceError: (error: Error) => void): Promise<void> {
  const settled = policies.settled();
  if (settled) {
    try {
      await refreshRunComplianceAlerts(db, projectUuid, await settled);
    } catch (e) {
      onComplianceError(e as Error);
    }
  }
  await updateProjectCounts(db, projectUuid);
}
