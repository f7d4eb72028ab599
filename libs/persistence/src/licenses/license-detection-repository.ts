import type { LicenseDetectionRecord } from '@sca/contracts';
import { bulkInsert } from '../bulk-insert';
import { LICENSE_COLUMNS } from '../records/record-columns';
import type { RecordScope } from '../records/record-scope';

/** The unique license detections of a project (ScanCode.io's DiscoveredLicense), counted over files and packages. */
export class LicenseDetectionRepository {
  constructor(private readonly scope: RecordScope) {}

  /** Adds license detections; a detection seen again adds its count and file regions. */
  async upsert(records: LicenseDetectionRecord[]): Promise<void> {
    const merged = new Map<string, LicenseDetectionRecord>();
    for (const r of records) {
      const seen = merged.get(r.identifier);
      if (!seen) merged.set(r.identifier, { ...r, file_regions: [...r.file_regions] });
      else {
        seen.detection_count += r.detection_count;
        seen.file_regions.push(...r.file_regions);
      }
    }
    const rows = [...merged.values()].map((r) => ({ ...r, project_uuid: this.scope.projectUuid, run_uuid: this.scope.runUuid }));
    await bulkInsert(this.scope.db, 'discovered_licenses', LICENSE_COLUMNS, rows, {
      onConflict: `ON CONFLICT (project_uuid, identifier) DO UPDATE SET
        detection_count = discovered_licenses.detection_count + EXCLUDED.detection_count,
        file_regions = discovered_licenses.file_regions || EXCLUDED.file_regions`,
    });
  }
}
