import { isoTs } from '../queries/sql-fragments';
import type { RunRow } from '../runs/run-rows';

/** The columns of a ProjectRow, from `projects p`. */
export const PROJECT_SELECT = `
  p.uuid, p.name, p.slug, p.purl, ${isoTs('p.created_date')} AS created_date, p.is_archived, p.notes,
  p.labels, p.settings, p.extra_data, p.message_count, p.resource_count, p.package_count,
  p.dependency_count, p.relation_count`;

export interface ProjectRow {
  uuid: string;
  name: string;
  slug: string;
  purl: string;
  created_date: string;
  is_archived: boolean;
  notes: string;
  labels: string[];
  settings: Record<string, unknown>;
  extra_data: Record<string, unknown>;
  message_count: number;
  resource_count: number;
  package_count: number;
  dependency_count: number;
  relation_count: number;
}

export interface InputSourceRow {
  uuid: string;
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
  /** The file is in object storage (uploaded, or fetched by a run). */
  stored: boolean;
}

/** A project with its input sources (in the order they were added) and its runs (oldest first). */
export interface ProjectWithRuns extends ProjectRow {
  input_sources: InputSourceRow[];
  runs: RunRow[];
}

/** The grouped counts of the detail view (reference §4.1), computed from the records as they are now. */
export interface ProjectRecordSummaries {
  codebase_resources_summary: Record<string, number>;
  discovered_packages_summary: Record<string, number>;
  discovered_dependencies_summary: Record<string, number>;
  codebase_relations_summary: Record<string, number>;
}

export type ProjectDetailRow = ProjectWithRuns & ProjectRecordSummaries;
