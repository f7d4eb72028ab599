import type { RunStatus } from './run-status';

/*
 * What project-store answers, as the API shows it (reference §4.1–4.2). Field order in these
 * interfaces is the wire order.
 */

/** RunSerializer, plus `current_step` and `progress`, which ScanCode.io keeps private. */
export interface RunView {
  url: string;
  pipeline_name: string;
  status: RunStatus;
  description: string;
  selected_groups: string[] | null;
  selected_steps: string[] | null;
  project: string;
  uuid: string;
  created_date: string;
  scancodeio_version: string;
  task_id: string | null;
  task_start_date: string | null;
  task_end_date: string | null;
  task_exitcode: number | null;
  task_output: string;
  log: string;
  execution_time: number | null;
  current_step: string;
  progress: { done: number; total: number } | null;
}

export interface InputSourceView {
  filename: string;
  download_url: string;
  is_uploaded: boolean;
  tag: string;
  exists: boolean;
  uuid: string;
}

/** The list (and create answer) field set; SPEC.md §2.1 adds `next_run`, before `runs`. */
export interface ProjectListItem {
  name: string;
  url: string;
  uuid: string;
  purl: string;
  created_date: string;
  is_archived: boolean;
  notes: string;
  labels: string[];
  input_sources: InputSourceView[];
  next_run: string | null;
  runs: RunView[];
  results_url: string;
  summary_url: string;
}

/** The detail field set (reference §4.1). */
export interface ProjectDetail {
  name: string;
  url: string;
  uuid: string;
  purl: string;
  created_date: string;
  is_archived: boolean;
  notes: string;
  labels: string[];
  settings: Record<string, unknown>;
  input_sources: InputSourceView[];
  input_root: string[];
  output_root: string[];
  next_run: string | null;
  runs: RunView[];
  extra_data: Record<string, unknown>;
  message_count: number;
  resource_count: number;
  package_count: number;
  dependency_count: number;
  relation_count: number;
  codebase_resources_summary: Record<string, number>;
  discovered_packages_summary: Record<string, number>;
  discovered_dependencies_summary: Record<string, number>;
  codebase_relations_summary: Record<string, number>;
  results_url: string;
  summary_url: string;
}

/** An item of GET /api/projects/pipelines/, keys in ScanCode.io's order. */
export interface PipelineInfo {
  name: string;
  summary: string;
  description: string;
  steps: { name: string; doc: string; groups: string[] }[];
  available_groups: string[];
  is_available: boolean;
  unavailable_reason: string | null;
}

/**
 * Where the bytes of a codebase file are: an object, or a byte range of a codebase pack; with
 * `deflated`, the range is a raw deflate stream of that many bytes (a member of a stored input
 * zip) and `size` is the file's own size.
 */
export interface FileContentLocation {
  key: string;
  size: number | null;
  range?: { start: number; end: number };
  deflated?: number;
}

/** ScanCode.io's answer to an action: `{"status": "..."}`. */
export interface StatusReply {
  status: string;
}

export interface AuthenticatedUser {
  username: string;
}
