import type { ResourceRecord, ResourceStatus, ResourceType } from '@sca/contracts';
import { PACK_PLACE_COLUMNS, packPlaceOf, type PackPlace, type PackPlaceColumns } from '../codebase/pack-entries';
import { summaryRecords } from '../codebase/record-streams';
import { RESOURCE_STATUS } from '@sca/contracts';
import { bulkInsert, bulkUpdate } from '../bulk-insert';
import { RESOURCE_COLUMNS, RESOURCE_JSON_COLUMNS } from '../records/record-columns';
import { copyRows } from '../copy-rows';
import type { RecordScope } from '../records/record-scope';
import { affectedRows } from '../rows-of';
import { streamQuery } from '../stream-query';
import { parentPath } from './parent-path';

export type ResourceInput = ResourceRecord & { rootfs_path?: string };

/** What most steps need of a resource: which file to read, and whether it is worth reading. */
export interface ResourceRow {
  path: string;
  type: ResourceType;
  size: number | null;
}

/** A file resource and where its bytes are kept: a byte range of a codebase pack object, or nowhere. */
export interface StoredFileRow {
  path: string;
  size: number | null;
  pack: PackPlace | null;
}

export interface ResourceSelection {
  /** Only regular files (no directories, no symlinks). */
  filesOnly?: boolean;
}

/** The resources of a codebase being collected, which then gain statuses and scan fields (ScanCode.io's CodebaseResource). */
export class ResourceRepository {
  constructor(private readonly scope: RecordScope) {}

  private get project(): string {
    return this.scope.projectUuid;
  }

  /**
   * Inserts resources and links them to their packages by package_uid; returns how many were new.
   * `fresh`: none of these paths can be in the project yet (a first collection), so the rows are
   * loaded with COPY; otherwise a path already there keeps its row.
   */
  async insert(records: ResourceInput[], { fresh = false }: { fresh?: boolean } = {}): Promise<number> {
    const rows = records.map((r) => ({ ...r, project_uuid: this.project, run_uuid: this.scope.runUuid, parent_path: parentPath(r.path), rootfs_path: r.rootfs_path ?? '' }));
    const onConflict = 'ON CONFLICT (project_uuid, path) DO NOTHING';
    const linked = records.some((r) => r.for_packages.length > 0);
    if (fresh && !linked) return copyRows(this.scope.db, 'codebase_resources', RESOURCE_COLUMNS, RESOURCE_JSON_COLUMNS, rows);
    // Ids come back only for the rows to link: a codebase's collection links none, and parsing
    // 16,000 returned rows cost its thread more than building them.
    if (!linked) {
      const [counted] = await bulkInsert(this.scope.db, 'codebase_resources', RESOURCE_COLUMNS, rows, { onConflict, count: true });
      return Number(counted?.n ?? 0);
    }
    const inserted = await bulkInsert(this.scope.db, 'codebase_resources', RESOURCE_COLUMNS, rows, { onConflict, returning: 'id, path' });
    const idByPath = new Map(inserted.map((r) => [r.path as string, r.id as string]));
    const links = records.flatMap((r) => (idByPath.has(r.path) ? r.for_packages.map((uid) => ({ resource_id: idByPath.get(r.path), package_uid: uid })) : []));
    if (links.length > 0) {
      // Scalar subqueries on the unique (project, package_uid) index: the plan cannot degrade
      // into scanning the project's packages, whatever the (often stale) statistics say.
      await this.scope.db.query(
        `INSERT INTO resource_packages (resource_id, package_id)
         SELECT x.resource_id, x.package_id FROM (
           SELECT l.resource_id,
             (SELECT p.id FROM discovered_packages p WHERE p.project_uuid = $2 AND p.package_uid = l.package_uid AND p.package_uid <> '') AS package_id
           FROM json_to_recordset($1::json) AS l(resource_id bigint, package_uid text)
         ) x WHERE x.package_id IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(links), this.project],
      );
    }
    return inserted.length;
  }

  /**
   * Has the planner's statistics of resources refreshed now, in the background, once every
   * resource of the codebase is in: the steps that follow look resources up by path (see
   * RecordScope.analyzeResourcesOnce), and their first lookups no longer wait for it (on the npm
   * tree, linking files to packages waited 300 ms for it once the table held other projects).
   */
  analyzeWhenCollected(): void {
    this.scope.analyzeResourcesOnce().catch(() => undefined);
  }

  /** Updates fields of existing resources, matched by path (`columns` are the fields set). */
  update(rows: (Partial<ResourceRecord> & { path: string })[], columns: readonly (keyof ResourceRecord)[]): Promise<number> {
    const withProject = rows.map((r) => ({ ...r, project_uuid: this.project }));
    return bulkUpdate(this.scope.db, 'codebase_resources', ['project_uuid', 'path'], columns as string[], withProject);
  }

  /** Sets the status of the resources at `paths`; returns how many rows changed. */
  async setStatus(paths: string[], status: ResourceStatus): Promise<number> {
    if (paths.length === 0) return 0;
    return affectedRows(await this.scope.db.query('UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND path = ANY($2::text[])', [this.project, paths, status]));
  }

  /** Files of size 0 or unknown whose status is one of `currentStatuses` get `status`; returns how many. */
  async setStatusOfEmptyFiles(status: ResourceStatus, currentStatuses: readonly ResourceStatus[]): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET status = $2
       WHERE project_uuid = $1 AND type = 'file' AND (size = 0 OR size IS NULL) AND status = ANY($3::text[])`,
      [this.project, status, currentStatuses],
    ));
  }

  /** Every resource still without a status gets `status`; returns how many. */
  async setStatusOfRemaining(status: ResourceStatus): Promise<number> {
    return affectedRows(await this.scope.db.query('UPDATE codebase_resources SET status = $2 WHERE project_uuid = $1 AND status = $3', [this.project, status, RESOURCE_STATUS.none]));
  }

  /** Resources linked to a package and still without a status get `status`; returns how many. */
  async setStatusOfPackageMembers(status: ResourceStatus): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources r SET status = $2
       WHERE r.project_uuid = $1 AND r.status = $3 AND EXISTS (SELECT 1 FROM resource_packages rp WHERE rp.resource_id = r.id)`,
      [this.project, status, RESOURCE_STATUS.none],
    ));
  }

  /** Resources with no status yet (the input of most steps), in path order, read through a cursor. */
  withoutStatus(selection: ResourceSelection = {}): AsyncGenerator<ResourceRow> {
    return this.streamWithoutStatus(filesOnly(selection), []);
  }

  /**
   * The resources without a status whose path matches one of the LIKE patterns: the few a path
   * test can concern (ignored patterns), selected by the database instead of read one by one.
   */
  withoutStatusLike(patterns: readonly string[]): AsyncGenerator<ResourceRow> {
    return this.streamWithoutStatus(' AND path LIKE ANY($3::text[])', [patterns]);
  }

  /** The resources without a status that also meet `condition` (its parameters from $3), in path order. */
  private streamWithoutStatus(condition: string, params: unknown[]): AsyncGenerator<ResourceRow> {
    return streamQuery<ResourceRow>(
      this.scope.db,
      `SELECT path, type, size FROM codebase_resources WHERE project_uuid = $1 AND status = $2${condition} ORDER BY path`,
      [this.project, RESOURCE_STATUS.none, ...params],
      2000,
    );
  }

  async countWithoutStatus(selection: ResourceSelection = {}): Promise<number> {
    const rows: { n: string }[] = await this.scope.db.query(
      `SELECT count(*) AS n FROM codebase_resources WHERE project_uuid = $1 AND status = $2${filesOnly(selection)}`,
      [this.project, RESOURCE_STATUS.none],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The first `limit` paths without a status, and how many there are: for a step's invariant. */
  async sampleWithoutStatus(limit: number): Promise<{ total: number; paths: string[] }> {
    const rows: { path: string; n: string }[] = await this.scope.db.query(
      'SELECT path, count(*) OVER () AS n FROM codebase_resources WHERE project_uuid = $1 AND status = $2 ORDER BY path LIMIT $3',
      [this.project, RESOURCE_STATUS.none, limit],
    );
    return { total: Number(rows[0]?.n ?? 0), paths: rows.map((r) => r.path) };
  }

  /** How many file resources the project has (symlinks and directories aside). */
  async countFiles(): Promise<number> {
    const rows: { n: string }[] = await this.scope.db.query("SELECT count(*) AS n FROM codebase_resources WHERE project_uuid = $1 AND type = 'file'", [this.project]);
    return Number(rows[0]?.n ?? 0);
  }

  async count(): Promise<number> {
    const rows: { n: string }[] = await this.scope.db.query('SELECT count(*) AS n FROM codebase_resources WHERE project_uuid = $1', [this.project]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Paths of the resources with `status`, in path order. */
  async pathsWithStatus(status: ResourceStatus, selection: ResourceSelection = {}): Promise<string[]> {
    const rows: { path: string }[] = await this.scope.db.query(
      `SELECT path FROM codebase_resources WHERE project_uuid = $1 AND status = $2${filesOnly(selection)} ORDER BY path`,
      [this.project, status],
    );
    return rows.map((r) => r.path);
  }

  /** Files with `status` and no package data yet (manifests flagged but not parsed), in path order. */
  filesWithStatusAndNoPackageData(status: ResourceStatus): AsyncGenerator<{ path: string }> {
    return streamQuery<{ path: string }>(
      this.scope.db,
      `SELECT path FROM codebase_resources WHERE project_uuid = $1 AND type = 'file' AND status = $2 AND jsonb_array_length(package_data) = 0 ORDER BY path`,
      [this.project, status],
    );
  }

  /**
   * The project's file resources with their stored bytes, in pack order (each pack's files by
   * offset, so a pack reads front to back once); files whose bytes were never stored (a project
   * loaded from a scan) come last, with `pack: null`.
   */
  async *storedFiles(): AsyncGenerator<StoredFileRow> {
    const rows = streamQuery<{ path: string; size: string | null } & PackPlaceColumns>(
      this.scope.db,
      `SELECT r.path, r.size, ${PACK_PLACE_COLUMNS}
       FROM codebase_resources r
       LEFT JOIN codebase_pack_entries e ON e.project_uuid = r.project_uuid AND e.path = r.path
       WHERE r.project_uuid = $1 AND r.type = 'file'
       ORDER BY e.pack_key NULLS LAST, e.pack_offset, e.size, r.path`,
      [this.project],
      5000,
    );
    for await (const row of rows) {
      yield {
        path: row.path,
        size: row.size === null ? null : Number(row.size),
        pack: packPlaceOf(row),
      };
    }
  }

  /** Merges each patch's top-level keys into the extra_data of the resource at its path (ScanCode.io's update_extra_data); returns how many changed. */
  async mergeExtraData(rows: { path: string; patch: Record<string, unknown> }[]): Promise<number> {
    if (rows.length === 0) return 0;
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources r SET extra_data = r.extra_data || x.patch
       FROM json_to_recordset($2::json) AS x(path text, patch jsonb)
       WHERE r.project_uuid = $1 AND r.path = x.path`,
      [this.project, JSON.stringify(rows)],
    ));
  }

  /** Removes `key` from the extra_data of every resource that has it, except those at `keep`; returns how many changed. */
  async removeExtraDataKey(key: string, keep: string[]): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET extra_data = extra_data - $2::text
       WHERE project_uuid = $1 AND extra_data ? $2::text AND NOT (path = ANY($3::text[]))`,
      [this.project, key, keep],
    ));
  }

  /** The text key files as the API serializes them (ScanCode.io's summary `key_files`). */
  keyFiles(): AsyncGenerator<ResourceRecord> {
    return summaryRecords.keyFiles<ResourceRecord>(this.scope.db, this.project);
  }

  /** Every path and type, with the package data of datafiles: what package assembly reads. */
  withPackageData(known: readonly string[] = []): AsyncGenerator<{ path: string; type: ResourceType; package_data: Record<string, unknown>[] | null }> {
    // `known`: paths whose package data the caller holds already (null here, whatever is stored).
    return streamQuery(
      this.scope.db,
      `SELECT path, type, CASE WHEN jsonb_array_length(package_data) > 0 AND NOT (path = ANY($2::text[])) THEN package_data END AS package_data
       FROM codebase_resources WHERE project_uuid = $1 ORDER BY path`,
      [this.project, known],
      5000,
    );
  }

  /** Resources with license detections or clues, in path order. */
  withLicenseFindings(): AsyncGenerator<{ path: string; license_detections: Record<string, unknown>[]; license_clues: Record<string, unknown>[] }> {
    return streamQuery(
      this.scope.db,
      `SELECT path, license_detections, license_clues FROM codebase_resources
       WHERE project_uuid = $1 AND (jsonb_array_length(license_detections) > 0 OR jsonb_array_length(license_clues) > 0) ORDER BY path`,
      [this.project],
    );
  }
}

function filesOnly(selection: ResourceSelection): string {
  return selection.filesOnly ? ` AND type = 'file'` : '';
}
