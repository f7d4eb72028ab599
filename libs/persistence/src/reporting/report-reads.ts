import type { Queryable } from '../queryable';
import { UUID_RE } from '../queries/sql-fragments';
import type { ProjectFilter } from '../projects/project-filters';

/** A project as the outputs' headers show it (created_date in milliseconds, as ScanCode.io's results do). */
export interface ReportProjectRow {
  uuid: string;
  name: string;
  created_date: string;
  notes: string;
  settings: Record<string, unknown>;
  extra_data: Record<string, unknown>;
}

/** The columns of a ReportProjectRow, from `projects p`. */
const REPORT_PROJECT_COLUMNS = `p.uuid, p.name,
  to_char(p.created_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_date, p.notes, p.settings, p.extra_data`;

/** An input source as the outputs list it; sizes come from storage. */
export interface ReportInputSourceRow {
  uuid: string;
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
}

export async function findReportProject(db: Queryable, uuid: string): Promise<ReportProjectRow | null> {
  if (!UUID_RE.test(uuid)) return null;
  const rows: ReportProjectRow[] = await db.query(`SELECT ${REPORT_PROJECT_COLUMNS} FROM projects p WHERE p.uuid = $1`, [uuid]);
  return rows[0] ?? null;
}

/** The projects a list filter selects, newest first as the project list. */
export function reportProjects(db: Queryable, filter: ProjectFilter): Promise<ReportProjectRow[]> {
  return db.query(`SELECT ${REPORT_PROJECT_COLUMNS} FROM projects p WHERE ${filter.where} ORDER BY p.created_date DESC, p.uuid`, filter.params);
}

/** The project's input sources, in the order they were added. */
export function reportInputSources(db: Queryable, projectUuid: string): Promise<ReportInputSourceRow[]> {
  return db.query('SELECT uuid, filename, download_url, is_uploaded, tag FROM input_sources WHERE project_uuid = $1 ORDER BY seq', [projectUuid]);
}
