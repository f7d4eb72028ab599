import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InputSourceRow, PROJECT_SELECT, ProjectRow, ProjectSummaries } from './project-serializer';
import { ProjectFilter, RUN_SELECT, RunRow, UUID_RE } from '@sca/persistence';
import { groupBy } from '../common/group-by';

/** Read side of projects: raw SQL so timestamps keep their microseconds and lists take 3 queries. */
@Injectable()
export class ProjectQueries {
  constructor(private readonly db: DataSource) {}

  async find(uuid: string): Promise<ProjectRow | null> {
    if (!UUID_RE.test(uuid)) return null;
    const rows: ProjectRow[] = await this.db.query(`SELECT ${PROJECT_SELECT} FROM projects p WHERE p.uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  async count(filter: ProjectFilter): Promise<number> {
    const rows: { n: string }[] = await this.db.query(`SELECT count(*) AS n FROM projects p WHERE ${filter.where}`, filter.params);
    return Number(rows[0].n);
  }

  async page(filter: ProjectFilter, offset: number, limit: number): Promise<ProjectRow[]> {
    const n = filter.params.length;
    return this.db.query(
      `SELECT ${PROJECT_SELECT} FROM projects p WHERE ${filter.where} ORDER BY p.created_date DESC, p.uuid LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...filter.params, limit, offset],
    );
  }

  async inputsOf(projectUuids: string[]): Promise<Map<string, InputSourceRow[]>> {
    if (projectUuids.length === 0) return new Map();
    const rows: InputSourceRow[] = await this.db.query(
      'SELECT uuid, project_uuid, filename, download_url, is_uploaded, tag, stored FROM input_sources WHERE project_uuid = ANY($1) ORDER BY seq',
      [projectUuids],
    );
    return groupBy(rows, 'project_uuid');
  }

  async runsOf(projectUuids: string[]): Promise<Map<string, RunRow[]>> {
    if (projectUuids.length === 0) return new Map();
    const rows: RunRow[] = await this.db.query(
      `SELECT ${RUN_SELECT} FROM runs r WHERE r.project_uuid = ANY($1) ORDER BY r.created_date, r.uuid`,
      [projectUuids],
    );
    return groupBy(rows, 'project_uuid');
  }

  /** The four live summaries of the detail view (reference §4.1), in one round trip. */
  async summaries(uuid: string): Promise<Omit<ProjectSummaries, 'input_root' | 'output_root'>> {
    const rows: Omit<ProjectSummaries, 'input_root' | 'output_root'>[] = await this.db.query(
      `SELECT
        (SELECT COALESCE(json_object_agg(status, n ORDER BY status), '{}'::json) FROM
           (SELECT status, count(*)::int AS n FROM codebase_resources WHERE project_uuid = $1 GROUP BY status) s) AS codebase_resources_summary,
        (SELECT json_build_object('total', count(*)::int,
           'with_missing_resources', (count(*) FILTER (WHERE jsonb_array_length(missing_resources) > 0))::int,
           'with_modified_resources', (count(*) FILTER (WHERE jsonb_array_length(modified_resources) > 0))::int)
         FROM discovered_packages WHERE project_uuid = $1) AS discovered_packages_summary,
        (SELECT json_build_object('total', count(*)::int, 'is_runtime', (count(*) FILTER (WHERE is_runtime))::int,
           'is_optional', (count(*) FILTER (WHERE is_optional))::int, 'is_pinned', (count(*) FILTER (WHERE is_pinned))::int)
         FROM discovered_dependencies WHERE project_uuid = $1) AS discovered_dependencies_summary,
        (SELECT COALESCE(json_object_agg(map_type, n ORDER BY map_type), '{}'::json) FROM
           (SELECT map_type, count(*)::int AS n FROM codebase_relations WHERE project_uuid = $1 GROUP BY map_type) m) AS codebase_relations_summary`,
      [uuid],
    );
    return rows[0];
  }
}
