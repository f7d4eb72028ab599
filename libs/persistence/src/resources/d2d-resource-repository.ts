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

  /** The copyright statements of each resource, in order. */
  async copyrightsOf(ids: readonly number[]): Promise<Map<number, string[]>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; copyrights: { copyright?: string }[] }[] = await this.scope.db.query(
      'SELECT id::int AS id, copyrights FROM codebase_resources WHERE project_uuid = $1 AND id = ANY($2::bigint[])',
      [this.scope.projectUuid, ids],
    );
    return new Map(rows.map((r) => [r.id, r.copyrights.map((c) => String(c.copyright ?? '')).filter(Boolean)]));
  }
}
