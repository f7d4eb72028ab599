import { isoTs } from './sql-fragments';
import { RunRow, serializeRun } from '../runs/run-serializer';

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
  project_uuid: string;
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
  stored: boolean;
}

export interface ProjectSummaries {
  input_root: string[];
  output_root: string[];
  codebase_resources_summary: Record<string, number>;
  discovered_packages_summary: Record<string, number>;
  discovered_dependencies_summary: Record<string, number>;
  codebase_relations_summary: Record<string, number>;
}

export function serializeInputSource(s: InputSourceRow): Record<string, unknown> {
  return { filename: s.filename, download_url: s.download_url, is_uploaded: s.is_uploaded, tag: s.tag, exists: s.stored, uuid: s.uuid };
}

function nextRun(runs: RunRow[]): string | null {
  const next = runs.find((r) => r.task_id === null && r.task_start_date === null && r.task_end_date === null && r.task_exitcode === null);
  return next ? next.pipeline_name : null;
}

const urls = (p: ProjectRow, base: string) => ({
  url: `${base}/api/projects/${p.uuid}/`,
  results_url: `${base}/api/projects/${p.uuid}/results/`,
  summary_url: `${base}/api/projects/${p.uuid}/summary/`,
});

/**
 * The list (and create response) field set. SPEC.md §2.1 puts `next_run` in the list view,
 * which ScanCode.io leaves out; it sits where the detail view has it, before `runs`.
 */
export function serializeProjectListItem(p: ProjectRow, inputs: InputSourceRow[], runs: RunRow[], base: string): Record<string, unknown> {
  const u = urls(p, base);
  return {
    name: p.name,
    url: u.url,
    uuid: p.uuid,
    purl: p.purl,
    created_date: p.created_date,
    is_archived: p.is_archived,
    notes: p.notes,
    labels: p.labels,
    input_sources: inputs.map(serializeInputSource),
    next_run: nextRun(runs),
    runs: runs.map((r) => serializeRun(r, base)),
    results_url: u.results_url,
    summary_url: u.summary_url,
  };
}

/** The detail field set (reference §4.1), in order. */
export function serializeProjectDetail(p: ProjectRow, inputs: InputSourceRow[], runs: RunRow[], s: ProjectSummaries, base: string): Record<string, unknown> {
  const u = urls(p, base);
  return {
    name: p.name,
    url: u.url,
    uuid: p.uuid,
    purl: p.purl,
    created_date: p.created_date,
    is_archived: p.is_archived,
    notes: p.notes,
    labels: p.labels,
    settings: p.settings,
    input_sources: inputs.map(serializeInputSource),
    input_root: s.input_root,
    output_root: s.output_root,
    next_run: nextRun(runs),
    runs: runs.map((r) => serializeRun(r, base)),
    extra_data: p.extra_data,
    message_count: p.message_count,
    resource_count: p.resource_count,
    package_count: p.package_count,
    dependency_count: p.dependency_count,
    relation_count: p.relation_count,
    codebase_resources_summary: s.codebase_resources_summary,
    discovered_packages_summary: s.discovered_packages_summary,
    discovered_dependencies_summary: s.discovered_dependencies_summary,
    codebase_relations_summary: s.codebase_relations_summary,
    results_url: u.results_url,
    summary_url: u.summary_url,
  };
}
