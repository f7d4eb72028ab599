import { DataSource } from 'typeorm';
import { refreshComplianceAlerts } from '@sca/persistence';
import { licenseComplianceAlert, licensePoliciesEnabled, type Policies } from '@sca/scanner';

/**
 * Recomputes `compliance_alert` of a project's records from the policies a run resolved.
 * ScanCode.io computes it when a record is saved and never again; here every run end refreshes
 * it, so that changed policies apply to existing records (see docs/architecture.md).
 */
export function refreshRunComplianceAlerts(db: DataSource, projectUuid: string, policies: Policies | null): Promise<void> {
  return refreshComplianceAlerts(db, projectUuid, licensePoliciesEnabled(policies) ? (expression) => licenseComplianceAlert(expression, policies) : null);
}
