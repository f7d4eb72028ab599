import { preparedQuery } from '../prepared-query';
import type { Queryable } from '../queryable';
import { UUID_RE } from '../queries/sql-fragments';
import { RUN_SELECT } from '../runs/run-rows';
import type { ProjectFilter } from './project-filters';
import { PROJECT_SELECT, ProjectDetailRow, ProjectRow, ProjectWithRuns } from './project-rows';

/*
 * The read side of projects. A list page and a detail are each one statement: the input sources,
 * runs and summaries of the projects are aggregated inside PostgreSQL (one index range scan per
 * project and table) instead of a round trip per table, so a request costs one round trip.
 */

/** The input sources of `p`, as a JSON array in the order they were added. */
const INPUT_SOURCES_JSON = `(SELECT COALESCE(json_agg(json_build_object('uuid', i.uuid, 'filename', i.filename,
    'download_url', i.download_url, 'is_uploaded', i.is_uploaded, 'tag', i.tag, 'stored', i.stored) ORDER BY i.seq), '[]'::json)
  FROM input_sources i WHERE i.project_uuid = p.uuid) AS input_sources`;

/** The runs of `p`, as a JSON array of RunRows, oldest first (the rendered timestamps sort as the timestamps do). */
const RUNS_JSON = `(SELECT COALESCE(json_agg(x ORDER BY x.created_date, x.uuid), '[]'::json)
  FROM (SELECT ${RUN_SELECT} FROM runs r WHERE r.project_uuid = p.uuid) x) AS runs`;

/** The four live summaries of the detail view (reference §4.1); the grouped counts use the (project, column) indexes. */
const SUMMARIES = `
  (SELECT COALESCE(json_object_agg(status, n ORDER BY status), '{}'::json) FROM
     (SELECT status, count(*)::int AS n FROM codebase_resources WHERE project_uuid = p.uuid GROUP BY status) s) AS codebase_resources_summary,
  (SELECT json_build_object('total', count(*)::int,
     'with_missing_resources', (count(*) FILTER (WHERE jsonb_array_length(missing_resources) > 0))::int,
     'with_modified_resources', (count(*) FILTER (WHERE jsonb_array_length(modified_resources) > 0))::int)
   FROM discovered_packages WHERE project_uuid = p.uuid) AS discovered_packages_summary,
  (SELECT json_build_object('total', count(*)::int, 'is_runtime', (count(*) FILTER (WHERE is_runtime))::int,
     'is_optional', (count(*) FILTER (WHERE is_optional))::int, 'is_pinned', (count(*) FILTER (WHERE is_pinned))::int)
   FROM discovered_dependencies WHERE project_uuid = p.uuid) AS discovered_dependencies_summary,
  (SELECT COALESCE(json_object_agg(map_type, n ORDER BY map_type), '{}'::json) FROM
     (SELECT map_type, count(*)::int AS n FROM codebase_relations WHERE project_uuid = p.uuid GROUP BY map_type) m) AS codebase_relations_summary`;

/** The project, or null when there is none (or `uuid` is no uuid at all). */
export async function findProject(db: Queryable, uuid: string): Promise<ProjectRow | null> {
  if (!UUID_RE.test(uuid)) return null;
  const rows = await preparedQuery<ProjectRow>(db, `SELECT ${PROJECT_SELECT} FROM projects p WHERE p.uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

/** Whether a project already has this name. */
export async function projectNameTaken(db: Queryable, name: string): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM projects WHERE name = $1', [name]);
  return rows.length > 0;
}

/** The project with its input sources and runs, or null. */
export async function readProjectWithRuns(db: Queryable, uuid: string): Promise<ProjectWithRuns | null> {
  if (!UUID_RE.test(uuid)) return null;
  const rows = await preparedQuery<ProjectWithRuns>(db, `SELECT ${PROJECT_SELECT}, ${INPUT_SOURCES_JSON}, ${RUNS_JSON} FROM projects p WHERE p.uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

/** The project with its input sources, runs and record summaries, or null. */
export async function readProjectDetail(db: Queryable, uuid: string): Promise<ProjectDetailRow | null> {
  if (!UUID_RE.test(uuid)) return null;
  const rows = await preparedQuery<ProjectDetailRow>(
    db,
    `SELECT ${PROJECT_SELECT}, ${INPUT_SOURCES_JSON}, ${RUNS_JSON}, ${SUMMARIES} FROM projects p WHERE p.uuid = $1`,
    [uuid],
  );
  return rows[0] ?? null;
}

export interface ProjectPage {
  /** How many projects the filter selects. */
  count: number;
  /** The projects of the page, newest first. */
  projects: ProjectWithRuns[];
}

/**
 * One page of the projects `filter` selects, newest first, with their count. `page` is 1-based or
 * `last`; a page past the end is empty (the caller knows from `count` that it does not exist).
 */
export async function readProjectPage(db: Queryable, filter: ProjectFilter, page: number | 'last', pageSize: number): Promise<ProjectPage> {
  const n = filter.params.length;
  const [size, offset, last] = [`$${n + 1}`, `$${n + 2}`, `$${n + 3}`];
  const rows = await preparedQuery<ProjectWithRuns & { total: number }>(
    db,
    `WITH matched AS (SELECT p.uuid, p.created_date FROM projects p WHERE ${filter.where}),
          total AS (SELECT count(*)::int AS n FROM matched),
          page AS (SELECT m.uuid FROM matched m ORDER BY m.created_date DESC, m.uuid LIMIT ${size}::int
                   OFFSET (CASE WHEN ${last}::boolean THEN greatest(ceil((SELECT n FROM total) / ${size}::numeric) - 1, 0) * ${size}::int ELSE ${offset}::bigint END)::bigint)
     SELECT t.n AS total, ${PROJECT_SELECT}, ${INPUT_SOURCES_JSON}, ${RUNS_JSON}
     FROM total t LEFT JOIN (page JOIN projects p ON p.uuid = page.uuid) ON true
     ORDER BY p.created_date DESC, p.uuid`,
    [...filter.params, pageSize, page === 'last' ? 0 : (page - 1) * pageSize, page === 'last'],
  );
  // The count comes on every row, and on a row of its own (no project) when the page is empty.
  return { count: rows[0]?.total ?? 0, projects: rows.filter((r) => r.uuid !== null).map(({ total: _total, ...p }) => p) };
}
