import { isoTs, RunRow, serializeRun } from '@sca/persistence';

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

/**
 * The list (and create response) field set. SPEC.md §2.1 puts `next_run` in the list view,
 * which ScanCode.io leaves out; it sits where the detail view has it, before `runs`.
 */
export const PROJECT_LIST_FIELDS = ['name', 'url', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'input_sources', 'next_run', 'runs', 'results_url', 'summary_url'] as const;

/** The detail field set (reference §4.1), in order. */
export const PROJECT_DETAIL_FIELDS = [
  'name', 'url', 'uuid', 'purl', 'created_date', 'is_archived', 'notes', 'labels', 'settings', 'input_sources', 'input_root', 'output_root',
  'next_run', 'runs', 'extra_data', 'message_count', 'resource_count', 'package_count', 'dependency_count', 'relation_count',
  'codebase_resources_summary', 'discovered_packages_summary', 'discovered_dependencies_summary', 'codebase_relations_summary', 'results_url', 'summary_url',
] as const;

function projectValues(p: ProjectRow, inputs: InputSourceRow[], runs: RunRow[], base: string): Record<string, unknown> {
  const url = `${base}/api/projects/${p.uuid}/`;
  return {
    ...p,
    url,
    input_sources: inputs.map(serializeInputSource),
    next_run: nextRun(runs),
    runs: runs.map((r) => serializeRun(r, base)),
    results_url: `${url}results/`,
    summary_url: `${url}summary/`,
  };
}

function pick(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

export function serializeProjectListItem(p: ProjectRow, inputs: InputSourceRow[], runs: RunRow[], base: string): Record<string, unknown> {
  return pick(projectValues(p, inputs, runs, base), PROJECT_LIST_FIELDS);
}

export function serializeProjectDetail(p: ProjectRow, inputs: InputSourceRow[], runs: RunRow[], s: ProjectSummaries, base: string): Record<string, unknown> {
  return pick({ ...projectValues(p, inputs, runs, base), ...s }, PROJECT_DETAIL_FIELDS);
}
