import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DependencyRecord, LicenseDetectionRecord, MessageSeverity, PackageRecord, PurlParts, RelationRecord, ResourceRecord } from '@sca/contracts';
import { bulkInsert, bulkUpdate } from '../bulk-insert';
import { affectedRows } from '../rows-of';
import { DEPENDENCY_COLUMNS, LICENSE_COLUMNS, PACKAGE_COLUMNS, RESOURCE_COLUMNS } from './record-columns';

export type ResourceInput = ResourceRecord & { rootfs_path?: string };
export type DependencyInput = DependencyRecord & PurlParts;
export interface MessageInput { severity: MessageSeverity; description: string; model: string; details?: Record<string, unknown>; traceback?: string }

function parentPath(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/**
 * Writes the scan records of one project in bulk. Links between records (resource → package,
 * dependency → package and datafile) are resolved by joins inside PostgreSQL on paths and
 * uids, so the writer keeps no id maps in memory however large the project is.
 */
export class ScanRecordWriter {
  private resourcesAnalyzed = false;

  /** `runUuid` marks the rows this writer inserts, so that a resumed run can remove them. */
  constructor(private readonly db: DataSource, readonly projectUuid: string, readonly runUuid: string | null = null) {}

  /**
   * Lookups of resources by path need statistics that know this project's rows: without
   * them the planner may pick the (project_uuid, status) index and filter the whole project
   * for every looked-up path (a 200,000-file load went from 30 s to 345 s). Run once, before
   * the first lookup by path, when the resources are in.
   */
  private async analyzeResourcesOnce(): Promise<void> {
    if (this.resourcesAnalyzed) return;
    this.resourcesAnalyzed = true;
    await this.db.query('ANALYZE codebase_resources');
  }

  /** Inserts packages; returns how many were new (an existing package_uid is kept). */
  async insertPackages(records: PackageRecord[]): Promise<number> {
    const rows = records.map((p) => ({ ...p, uuid: randomUUID(), project_uuid: this.projectUuid, filename: '', run_uuid: this.runUuid }));
    const inserted = await bulkInsert(this.db, 'discovered_packages', PACKAGE_COLUMNS, rows, {
      onConflict: "ON CONFLICT (project_uuid, package_uid) WHERE package_uid <> '' DO NOTHING",
      returning: 'id',
    });
    return inserted.length;
  }

  /** Inserts resources and links them to their packages by package_uid; returns how many were new. */
  async insertResources(records: ResourceInput[]): Promise<number> {
    const rows = records.map((r) => ({
      ...r,
      project_uuid: this.projectUuid,
      run_uuid: this.runUuid,
      parent_path: parentPath(r.path),
      rootfs_path: r.rootfs_path ?? '',
    }));
    const inserted = await bulkInsert(this.db, 'codebase_resources', RESOURCE_COLUMNS, rows, {
      onConflict: 'ON CONFLICT (project_uuid, path) DO NOTHING',
      returning: 'id, path',
    });
    const idByPath = new Map(inserted.map((r) => [r.path as string, r.id as string]));
    const links = records.flatMap((r) => (idByPath.has(r.path) ? r.for_packages.map((uid) => ({ resource_id: idByPath.get(r.path), package_uid: uid })) : []));
    if (links.length > 0) {
      // Scalar subqueries on the unique (project, package_uid) index: the plan cannot degrade
      // into scanning the project's packages, whatever the (often stale) statistics say.
      await this.db.query(
        `INSERT INTO resource_packages (resource_id, package_id)
         SELECT x.resource_id, x.package_id FROM (
           SELECT l.resource_id,
             (SELECT p.id FROM discovered_packages p WHERE p.project_uuid = $2 AND p.package_uid = l.package_uid AND p.package_uid <> '') AS package_id
           FROM json_to_recordset($1::json) AS l(resource_id bigint, package_uid text)
         ) x WHERE x.package_id IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(links), this.projectUuid],
      );
    }
    return inserted.length;
  }

  /** Updates scan fields of existing resources, matched by path (`columns` are the fields set). */
  async updateResources(rows: (Partial<ResourceRecord> & { path: string })[], columns: readonly (keyof ResourceRecord)[]): Promise<number> {
    const withProject = rows.map((r) => ({ ...r, project_uuid: this.projectUuid }));
    return bulkUpdate(this.db, 'codebase_resources', ['project_uuid', 'path'], columns as string[], withProject);
  }

  /** Sets the status of the resources at `paths`; returns how many rows changed. */
  async setResourceStatus(paths: string[], status: string): Promise<number> {
    if (paths.length === 0) return 0;
    return affectedRows(await this.db.query('UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND path = ANY($2::text[])', [this.projectUuid, paths, status]));
  }

  /** Links resources (by path) to packages (by package_uid): ScanCode's `for_packages`. */
  async linkResourcesToPackages(links: { path: string; package_uid: string }[]): Promise<void> {
    if (links.length === 0) return;
    await this.analyzeResourcesOnce();
    await this.db.query(
      `INSERT INTO resource_packages (resource_id, package_id)
       SELECT x.resource_id, x.package_id FROM (
         SELECT
           (SELECT r.id FROM codebase_resources r WHERE r.project_uuid = $2 AND r.path = l.path) AS resource_id,
           (SELECT p.id FROM discovered_packages p WHERE p.project_uuid = $2 AND p.package_uid = l.package_uid AND p.package_uid <> '') AS package_id
         FROM json_to_recordset($1::json) AS l(path text, package_uid text)
       ) x WHERE x.resource_id IS NOT NULL AND x.package_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(links), this.projectUuid],
    );
  }

  /** Inserts dependencies; package links are resolved now, datafile links by `linkDependencyDatafiles`. */
  async insertDependencies(records: DependencyInput[]): Promise<number> {
    const rows = records.map((d) => ({ ...d, uuid: randomUUID(), project_uuid: this.projectUuid, run_uuid: this.runUuid }));
    const inserted = await bulkInsert(this.db, 'discovered_dependencies', DEPENDENCY_COLUMNS, rows, {
      onConflict: "ON CONFLICT (project_uuid, dependency_uid) WHERE dependency_uid <> '' DO NOTHING",
      returning: 'id, uuid',
    });
    const links = records
      .map((d, i) => ({ uuid: rows[i].uuid, for_uid: d.for_package_uid ?? '', resolved_uid: d.resolved_to_package_uid ?? '' }))
      .filter((l) => l.for_uid !== '' || l.resolved_uid !== '');
    if (links.length > 0) {
      await this.db.query(
        `UPDATE discovered_dependencies d SET
           for_package_id = (SELECT p.id FROM discovered_packages p WHERE p.project_uuid = $2 AND p.package_uid = x.for_uid AND p.package_uid <> ''),
           resolved_to_package_id = (SELECT p.id FROM discovered_packages p WHERE p.project_uuid = $2 AND p.package_uid = x.resolved_uid AND p.package_uid <> '')
         FROM json_to_recordset($1::json) AS x(uuid uuid, for_uid text, resolved_uid text)
         WHERE d.uuid = x.uuid`,
        [JSON.stringify(links), this.projectUuid],
      );
    }
    return inserted.length;
  }

  /** Links dependencies to their datafile resources once resources exist. */
  async linkDependencyDatafiles(): Promise<void> {
    await this.analyzeResourcesOnce();
    await this.db.query(
      `UPDATE discovered_dependencies d
       SET datafile_resource_id = (SELECT r.id FROM codebase_resources r WHERE r.project_uuid = $1 AND r.path = d.datafile_path)
       WHERE d.project_uuid = $1 AND d.datafile_resource_id IS NULL AND d.datafile_path IS NOT NULL`,
      [this.projectUuid],
    );
  }

  /** Creates relations by resource paths; returns how many were created. */
  async insertRelations(records: RelationRecord[], extraData: Record<string, unknown>[] = []): Promise<number> {
    if (records.length === 0) return 0;
    await this.analyzeResourcesOnce();
    const rows = records.map((r, i) => ({ uuid: randomUUID(), from: r.from_resource, to: r.to_resource, map_type: r.map_type, extra_data: extraData[i] ?? {} }));
    const res: unknown[] = await this.db.query(
      `INSERT INTO codebase_relations (uuid, project_uuid, from_resource_id, to_resource_id, map_type, extra_data, run_uuid)
       SELECT y.uuid, $2, y.from_id, y.to_id, y.map_type, y.extra_data, $3::uuid FROM (
         SELECT x.uuid, x.map_type, x.extra_data,
           (SELECT f.id FROM codebase_resources f WHERE f.project_uuid = $2 AND f.path = x."from") AS from_id,
           (SELECT t.id FROM codebase_resources t WHERE t.project_uuid = $2 AND t.path = x."to") AS to_id
         FROM json_to_recordset($1::json) AS x(uuid uuid, "from" text, "to" text, map_type text, extra_data jsonb)
       ) y WHERE y.from_id IS NOT NULL AND y.to_id IS NOT NULL
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(rows), this.projectUuid, this.runUuid],
    );
    return res.length;
  }

  /** Adds license detections; a detection seen again adds its count and file regions. */
  async upsertLicenseDetections(records: LicenseDetectionRecord[]): Promise<void> {
    const merged = new Map<string, LicenseDetectionRecord>();
    for (const r of records) {
      const seen = merged.get(r.identifier);
      if (!seen) merged.set(r.identifier, { ...r, file_regions: [...r.file_regions] });
      else {
        seen.detection_count += r.detection_count;
        seen.file_regions.push(...r.file_regions);
      }
    }
    const rows = [...merged.values()].map((r) => ({ ...r, project_uuid: this.projectUuid, run_uuid: this.runUuid }));
    await bulkInsert(this.db, 'discovered_licenses', LICENSE_COLUMNS, rows, {
      onConflict: `ON CONFLICT (project_uuid, identifier) DO UPDATE SET
        detection_count = discovered_licenses.detection_count + EXCLUDED.detection_count,
        file_regions = discovered_licenses.file_regions || EXCLUDED.file_regions`,
    });
  }

  async addMessages(messages: MessageInput[]): Promise<void> {
    const rows = messages.map((m) => ({
      uuid: randomUUID(),
      project_uuid: this.projectUuid,
      severity: m.severity,
      description: m.description,
      model: m.model.slice(0, 100),
      details: m.details ?? {},
      traceback: m.traceback ?? '',
      run_uuid: this.runUuid,
    }));
    await bulkInsert(this.db, 'project_messages', ['uuid', 'project_uuid', 'severity', 'description', 'model', 'details', 'traceback', 'run_uuid'], rows);
  }
}
