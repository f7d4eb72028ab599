import { randomUUID } from 'node:crypto';
import type { PackageRecord } from '@sca/contracts';
import { bulkInsert, bulkUpdate } from '../bulk-insert';
import { PACKAGE_COLUMNS } from '../records/record-columns';
import type { RecordScope } from '../records/record-scope';
import { affectedRows } from '../rows-of';
import { streamQuery } from '../stream-query';
import { summaryRecords } from '../codebase/record-streams';

/** A resource (by path) that belongs to a package (by package_uid): ScanCode's `for_packages`. */
export interface PackageLink {
  path: string;
  package_uid: string;
}

/** The packages of a project (ScanCode.io's DiscoveredPackage) and their resources. */
export class PackageRepository {
  constructor(private readonly scope: RecordScope) {}

  /** Inserts packages; returns how many were new (an existing package_uid is kept). */
  async insert(records: PackageRecord[]): Promise<number> {
    const rows = records.map((p) => ({ ...p, uuid: randomUUID(), project_uuid: this.scope.projectUuid, filename: '', run_uuid: this.scope.runUuid }));
    const inserted = await bulkInsert(this.scope.db, 'discovered_packages', PACKAGE_COLUMNS, rows, {
      onConflict: "ON CONFLICT (project_uuid, package_uid) WHERE package_uid <> '' DO NOTHING",
      returning: 'id',
    });
    return inserted.length;
  }

  /** Writes `columns` of existing packages (by package_uid); returns how many rows changed. */
  async update(records: PackageRecord[], columns: readonly (keyof PackageRecord)[]): Promise<number> {
    const rows = records.map((p) => ({ ...p, project_uuid: this.scope.projectUuid }));
    await this.scope.analyzePackagesOnce();
    return bulkUpdate(this.scope.db, 'discovered_packages', ['project_uuid', 'package_uid'], columns as string[], rows);
  }

  /** The packages of the text key files, once each, as the API serializes them (ScanCode.io's summary `key_files_packages`). */
  ofKeyFiles(): AsyncGenerator<PackageRecord> {
    return summaryRecords.keyFilePackages<PackageRecord>(this.scope.db, this.scope.projectUuid);
  }

  /** Links resources to packages; a path or uid that does not exist is skipped. */
  async linkResources(links: PackageLink[]): Promise<void> {
    if (links.length === 0) return;
    await this.scope.analyzeResourcesOnce();
    await this.scope.db.query(
      `INSERT INTO resource_packages (resource_id, package_id)
       SELECT r.id, p.id FROM json_to_recordset($1::json) AS l(path text, package_uid text)
       JOIN codebase_resources r ON r.project_uuid = $2 AND r.path = l.path
       JOIN discovered_packages p ON p.project_uuid = $2 AND p.package_uid = l.package_uid AND p.package_uid <> ''
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(links), this.scope.projectUuid],
    );
  }

  /** Links every package to the resource of its first datafile (an SBOM declares its packages). */
  async linkFirstDatafiles(): Promise<void> {
    await this.scope.db.query(
      `INSERT INTO resource_packages (resource_id, package_id)
       SELECT r.id, p.id FROM discovered_packages p
       JOIN codebase_resources r ON r.project_uuid = p.project_uuid AND r.path = p.datafile_paths->>0
       WHERE p.project_uuid = $1 ON CONFLICT DO NOTHING`,
      [this.scope.projectUuid],
    );
  }

  /** Packages with declared or other license detections. */
  withLicenseDetections(): AsyncGenerator<{ datafile_paths: string[]; license_detections: Record<string, unknown>[]; other_license_detections: Record<string, unknown>[] }> {
    return streamQuery(
      this.scope.db,
      `SELECT datafile_paths, license_detections, other_license_detections FROM discovered_packages
       WHERE project_uuid = $1 AND (jsonb_array_length(license_detections) > 0 OR jsonb_array_length(other_license_detections) > 0)`,
      [this.scope.projectUuid],
    );
  }

  /** Deletes the packages that no resource belongs to any more; returns how many. */
  async removeWithoutResources(): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `DELETE FROM discovered_packages p WHERE p.project_uuid = $1 AND NOT EXISTS (SELECT 1 FROM resource_packages l WHERE l.package_id = p.id)`,
      [this.scope.projectUuid],
    ));
  }

  /** The package ids of each of the resources `ids`. */
  async packageIdsOf(ids: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (ids.length === 0) return out;
    const rows: { resource_id: number; package_id: number }[] = await this.scope.db.query(
      'SELECT resource_id::int AS resource_id, package_id::int AS package_id FROM resource_packages WHERE resource_id = ANY($1::bigint[]) ORDER BY package_id',
      [ids],
    );
    for (const r of rows) out.set(r.resource_id, [...(out.get(r.resource_id) ?? []), r.package_id]);
    return out;
  }

  /** Takes the resources `ids` out of every package. */
  async unlinkResources(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.scope.db.query('DELETE FROM resource_packages WHERE resource_id = ANY($1::bigint[])', [ids]);
  }

  /** Links the resources `ids` to the package `packageId`. */
  async linkResourceIds(ids: readonly number[], packageId: number): Promise<void> {
    if (ids.length === 0) return;
    await this.scope.db.query(
      'INSERT INTO resource_packages (resource_id, package_id) SELECT unnest($1::bigint[]), $2 ON CONFLICT DO NOTHING',
      [ids, packageId],
    );
  }
}
