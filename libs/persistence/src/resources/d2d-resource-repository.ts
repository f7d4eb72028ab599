import type { ResourceStatus, ResourceType } from '@sca/contracts';
import { RESOURCE_STATUS } from '@sca/contracts';
import type { RecordScope } from '../records/record-scope';
import { affectedRows } from '../rows-of';

/** What the deploy-to-develop steps read of a resource. */
export interface D2dResource {
  id: number;
  path: string;
  name: string;
  extension: string;
  type: ResourceType;
  tag: string;
  status: string;
  size: number | null;
  sha1: string;
  file_type: string;
  mime_type: string;
  programming_language: string;
  is_binary: boolean;
  is_text: boolean;
  is_archive: boolean;
  is_media: boolean;
  detected_license_expression: string;
  extra_data: Record<string, unknown>;
}

/** A selection of the project's resources (ScanCode.io's queryset filters of the d2d pipes). */
export interface D2dSelection {
  side?: 'from' | 'to';
  type?: ResourceType;
  /** Only those without a status. */
  noStatus?: boolean;
  /** Only those with one of these statuses. */
  statuses?: readonly string[];
  /** Only those with no relation on either side. */
  noRelation?: boolean;
  /** Only those with a relation on either side. */
  hasRelation?: boolean;
  extensions?: readonly string[];
  withSha1?: boolean;
  /** Only those whose path starts with this. */
  pathPrefix?: string;
  /** Only those whose extra_data has this key. */
  extraDataKey?: string;
}

export interface D2dRelationInput {
  fromId: number;
  toId: number;
  mapType: string;
  extraData?: Record<string, unknown>;
}

export interface D2dRelation {
  from_id: number;
  to_id: number;
  from_path: string;
  to_path: string;
  map_type: string;
  extra_data: Record<string, unknown>;
}

const COLUMNS = `r.id::int AS id, r.path, r.name, r.extension, r.type, r.tag, r.status, r.size::float8 AS size, r.sha1, r.file_type, r.mime_type,
  r.programming_language, r.is_binary, r.is_text, r.is_archive, r.is_media, r.detected_license_expression, r.extra_data`;
const HAS_RELATION = `EXISTS (SELECT 1 FROM codebase_relations x WHERE x.to_resource_id = r.id) OR EXISTS (SELECT 1 FROM codebase_relations x WHERE x.from_resource_id = r.id)`;

/**
 * The queries and bulk writes of the deploy-to-develop steps: selections by side, status,
 * relation and extension, relations made by resource ids, and the flags of whole groups.
 */
export class D2dResourceRepository {
  constructor(private readonly scope: RecordScope) {}

  async list(selection: D2dSelection = {}): Promise<D2dResource[]> {
    const params: unknown[] = [this.scope.projectUuid];
    const where = ['r.project_uuid = $1'];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (selection.side) where.push(`r.tag = ${bind(selection.side)}`);
    if (selection.type) where.push(`r.type = ${bind(selection.type)}`);
    if (selection.noStatus) where.push(`r.status = ''`);
    if (selection.statuses) where.push(`r.status = ANY(${bind(selection.statuses)}::text[])`);
    if (selection.noRelation) where.push(`NOT (${HAS_RELATION})`);
    if (selection.hasRelation) where.push(`(${HAS_RELATION})`);
    if (selection.extensions) where.push(`r.extension = ANY(${bind(selection.extensions)}::text[])`);
    if (selection.withSha1) where.push(`r.sha1 <> ''`);
    if (selection.pathPrefix !== undefined) where.push(`starts_with(r.path, ${bind(selection.pathPrefix)})`);
    if (selection.extraDataKey) where.push(`r.extra_data ? ${bind(selection.extraDataKey)}`);
    return this.scope.db.query(`SELECT ${COLUMNS} FROM codebase_resources r WHERE ${where.join(' AND ')} ORDER BY r.path`, params);
  }

  /** Sets `status` on the resources `ids`; with `onlyWithoutStatus`, only on those without one. */
  async setStatus(ids: readonly number[], status: ResourceStatus, onlyWithoutStatus = false): Promise<number> {
    if (ids.length === 0) return 0;
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET status = $3 WHERE project_uuid = $1 AND id = ANY($2::bigint[])${onlyWithoutStatus ? ` AND status = ''` : ''}`,
      [this.scope.projectUuid, ids, status],
    ));
  }

  /** Merges keys into each resource's extra_data. */
  async mergeExtraData(rows: readonly { id: number; data: Record<string, unknown> }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.scope.db.query(
      `UPDATE codebase_resources r SET extra_data = r.extra_data || x.data
       FROM json_to_recordset($2::json) AS x(id bigint, data jsonb) WHERE r.project_uuid = $1 AND r.id = x.id`,
      [this.scope.projectUuid, JSON.stringify(rows)],
    );
  }

  /** Creates relations (an existing one with the same ends and type is kept); returns how many were new. */
  async relate(relations: readonly D2dRelationInput[]): Promise<number> {
    if (relations.length === 0) return 0;
    const rows = relations.map((r) => ({ from_id: r.fromId, to_id: r.toId, map_type: r.mapType, extra_data: r.extraData ?? {} }));
    const inserted: unknown[] = await this.scope.db.query(
      `INSERT INTO codebase_relations (uuid, project_uuid, from_resource_id, to_resource_id, map_type, extra_data, run_uuid)
       SELECT gen_random_uuid(), $2, x.from_id, x.to_id, x.map_type, x.extra_data, $3::uuid
       FROM json_to_recordset($1::json) AS x(from_id bigint, to_id bigint, map_type text, extra_data jsonb)
       ON CONFLICT DO NOTHING RETURNING id`,
      [JSON.stringify(rows), this.scope.projectUuid, this.scope.runUuid],
    );
    return inserted.length;
  }

  /** The relations of the project, of some map types (all when none given). */
  relations(mapTypes?: readonly string[]): Promise<D2dRelation[]> {
    return this.scope.db.query(
      `SELECT x.from_resource_id::int AS from_id, x.to_resource_id::int AS to_id, f.path AS from_path, t.path AS to_path, x.map_type, x.extra_data
       FROM codebase_relations x JOIN codebase_resources f ON f.id = x.from_resource_id JOIN codebase_resources t ON t.id = x.to_resource_id
       WHERE x.project_uuid = $1 AND ($2::text[] IS NULL OR x.map_type = ANY($2::text[])) ORDER BY t.path, f.path`,
      [this.scope.projectUuid, mapTypes ?? null],
    );
  }

  /** Every resource without a status that has a relation on either side gets `mapped`. */
  async flagMapped(): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources r SET status = $2 WHERE r.project_uuid = $1 AND r.status = '' AND (${HAS_RELATION})`,
      [this.scope.projectUuid, RESOURCE_STATUS.mapped],
    ));
  }

  /** Directories still without a status get `ignored-directory`. */
  async flagIgnoredDirectories(): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `UPDATE codebase_resources SET status = $2 WHERE project_uuid = $1 AND status = '' AND type = 'directory'`,
      [this.scope.projectUuid, RESOURCE_STATUS.ignoredDirectory],
    ));
  }

  /** The ids of packages that no resource belongs to any more are deleted; returns how many. */
  async removePackagesWithoutResources(): Promise<number> {
    return affectedRows(await this.scope.db.query(
      `DELETE FROM discovered_packages p WHERE p.project_uuid = $1 AND NOT EXISTS (SELECT 1 FROM resource_packages l WHERE l.package_id = p.id)`,
      [this.scope.projectUuid],
    ));
  }

  /** Whether each of `ids` belongs to a package. */
  async idsInPackages(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await this.scope.db.query(
      'SELECT DISTINCT resource_id::int AS id FROM resource_packages WHERE resource_id = ANY($1::bigint[])',
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** The copyright statements of each resource, in order. */
  async copyrightsOf(ids: readonly number[]): Promise<Map<number, string[]>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; copyrights: { copyright?: string }[] }[] = await this.scope.db.query(
      'SELECT id::int AS id, copyrights FROM codebase_resources WHERE project_uuid = $1 AND id = ANY($2::bigint[])',
      [this.scope.projectUuid, ids],
    );
    return new Map(rows.map((r) => [r.id, r.copyrights.map((c) => String(c.copyright ?? '')).filter(Boolean)]));
  }

  /** Links resources (by id) to the package with `packageUid`. */
  async linkToPackage(ids: readonly number[], packageUid: string): Promise<void> {
    if (ids.length === 0) return;
    await this.scope.db.query(
      `INSERT INTO resource_packages (resource_id, package_id)
       SELECT r.id, p.id FROM codebase_resources r JOIN discovered_packages p ON p.project_uuid = r.project_uuid AND p.package_uid = $3
       WHERE r.project_uuid = $1 AND r.id = ANY($2::bigint[]) ON CONFLICT DO NOTHING`,
      [this.scope.projectUuid, ids, packageUid],
    );
  }

  /** The package ids of each of the resources `ids`. */
  async packagesOf(ids: readonly number[]): Promise<Map<number, number[]>> {
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
  async unlinkFromPackages(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.scope.db.query('DELETE FROM resource_packages WHERE resource_id = ANY($1::bigint[])', [ids]);
  }

  /** Links the resources `ids` to the package `packageId`. */
  async linkToPackageId(ids: readonly number[], packageId: number): Promise<void> {
    if (ids.length === 0) return;
    await this.scope.db.query(
      'INSERT INTO resource_packages (resource_id, package_id) SELECT unnest($1::bigint[]), $2 ON CONFLICT DO NOTHING',
      [ids, packageId],
    );
  }
}
