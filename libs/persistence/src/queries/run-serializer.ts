import { deriveRunStatus, runExecutionTime } from '@sca/contracts';
import { isoTs } from './sql-fragments';

export const RUN_SELECT = `
  r.uuid, r.project_uuid, r.pipeline_name, r.description, r.selected_groups, r.selected_steps,
  ${isoTs('r.created_date')} AS created_date, r.scancodeio_version, r.task_id,
  ${isoTs('r.task_start_date')} AS task_start_date, ${isoTs('r.task_end_date')} AS task_end_date,
  r.task_exitcode, r.task_output, r.log, r.current_step, r.progress`;

export interface RunRow {
  uuid: string;
  project_uuid: string;
  pipeline_name: string;
  description: string;
  selected_groups: string[] | null;
  selected_steps: string[] | null;
  created_date: string;
  scancodeio_version: string;
  task_id: string | null;
  task_start_date: string | null;
  task_end_date: string | null;
  task_exitcode: number | null;
  task_output: string;
  log: string;
  current_step: string;
  progress: { done: number; total: number } | null;
}

/** RunSerializer (reference §4.2), plus `current_step` and `progress`, which ScanCode.io keeps private. */
export function serializeRun(row: RunRow, baseUrl: string): Record<string, unknown> {
  return {
    url: `${baseUrl}/api/runs/${row.uuid}/`,
    pipeline_name: row.pipeline_name,
    status: deriveRunStatus(row),
    description: row.description,
    selected_groups: row.selected_groups,
    selected_steps: row.selected_steps,
    project: `${baseUrl}/api/projects/${row.project_uuid}/`,
    uuid: row.uuid,
    created_date: row.created_date,
    scancodeio_version: row.scancodeio_version,
    task_id: row.task_id,
    task_start_date: row.task_start_date,
    task_end_date: row.task_end_date,
    task_exitcode: row.task_exitcode,
    task_output: row.task_output,
    log: row.log,
    execution_time: runExecutionTime(row),
    current_step: row.current_step,
    progress: row.progress,
  };
}
