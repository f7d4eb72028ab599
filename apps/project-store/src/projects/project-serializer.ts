import type { InputSourceView, ProjectDetail, ProjectListItem } from '@sca/contracts';
import { InputSourceRow, ProjectDetailRow, ProjectWithRuns, RunRow, serializeRun } from '@sca/persistence';

/** Where the detail's storage listings go: names of the files directly in input/ and output/. */
export interface ProjectFileRoots {
  input_root: string[];
  output_root: string[];
}

export function serializeInputSource(s: InputSourceRow): InputSourceView {
  return { filename: s.filename, download_url: s.download_url, is_uploaded: s.is_uploaded, tag: s.tag, exists: s.stored, uuid: s.uuid };
}

function nextRun(runs: RunRow[]): string | null {
  const next = runs.find((r) => r.task_id === null && r.task_start_date === null && r.task_end_date === null && r.task_exitcode === null);
  return next ? next.pipeline_name : null;
}

/** The fields both views open with, in ScanCode.io's order (the views' key order is the API's). */
function leadingFields(p: ProjectWithRuns | ProjectDetailRow, url: string) {
  return { name: p.name, url, uuid: p.uuid, purl: p.purl, created_date: p.created_date, is_archived: p.is_archived, notes: p.notes, labels: p.labels };
}

/**
 * The list (and create response) field set, in ScanCode.io's order. SPEC.md §2.1 puts `next_run`
 * in the list view, which ScanCode.io leaves out; it sits where the detail view has it, before `runs`.
 */
export function serializeProjectListItem(p: ProjectWithRuns, base: string): ProjectListItem {
  const url = `${base}/api/projects/${p.uuid}/`;
  return {
    ...leadingFields(p, url),
    input_sources: p.input_sources.map(serializeInputSource),
    next_run: nextRun(p.runs),
    runs: p.runs.map((r) => serializeRun(r, base)),
    results_url: `${url}results/`,
    summary_url: `${url}summary/`,
  };
}

/** The detail field set (reference §4.1), in order. */
export function serializeProjectDetail(p: ProjectDetailRow, roots: ProjectFileRoots, base: string): ProjectDetail {
  const url = `${base}/api/projects/${p.uuid}/`;
  return {
    ...leadingFields(p, url),
    settings: p.settings,
    input_sources: p.input_sources.map(serializeInputSource),
    input_root: roots.input_root,
    output_root: roots.output_root,
    next_run: nextRun(p.runs),
    runs: p.runs.map((r) => serializeRun(r, base)),
    extra_data: p.extra_data,
    message_count: p.message_count,
    resource_count: p.resource_count,
    package_count: p.package_count,
    dependency_count: p.dependency_count,
    relation_count: p.relation_count,
    codebase_resources_summary: p.codebase_resources_summary,
    discovered_packages_summary: p.discovered_packages_summary,
    discovered_dependencies_summary: p.discovered_dependencies_summary,
    codebase_relations_summary: p.codebase_relations_summary,
    results_url: `${url}results/`,
    summary_url: `${url}summary/`,
  };
}
