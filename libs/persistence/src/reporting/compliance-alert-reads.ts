import type { Queryable } from '../queryable';

/** The models whose records carry a compliance alert. */
export type ComplianceModel = 'packages' | 'license_detections' | 'resources';

/** One record's alert: the package URL (or uuid), the detection identifier, or the resource path. */
export interface ComplianceAlertEntry {
  entry: string;
  alert: string;
}

/** Each model's entries, in the order ScanCode.io lists them. */
const QUERIES: [ComplianceModel, string][] = [
  ['packages', `SELECT COALESCE(NULLIF(purl, ''), uuid::text) AS entry, compliance_alert AS alert FROM discovered_packages
                WHERE project_uuid = $1 AND compliance_alert = ANY($2) ORDER BY type, namespace, name, version, qualifiers, subpath`],
  ['license_detections', `SELECT identifier AS entry, compliance_alert AS alert FROM discovered_licenses
                          WHERE project_uuid = $1 AND compliance_alert = ANY($2) ORDER BY identifier`],
  ['resources', `SELECT path AS entry, compliance_alert AS alert FROM codebase_resources
                 WHERE project_uuid = $1 AND compliance_alert = ANY($2) ORDER BY path`],
];

/** The project's records whose alert is one of `severities`, per model (models in ScanCode.io's order). */
export async function complianceAlertEntries(db: Queryable, projectUuid: string, severities: readonly string[]): Promise<[ComplianceModel, ComplianceAlertEntry[]][]> {
  const out: [ComplianceModel, ComplianceAlertEntry[]][] = [];
  for (const [model, sql] of QUERIES) out.push([model, await db.query(sql, [projectUuid, severities])]);
  return out;
}
