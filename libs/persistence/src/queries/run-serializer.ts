import { deriveRunStatus, runExecutionTime, RunView } from '@sca/contracts';
import type { RunRow } from '../runs/run-rows';

/** RunSerializer (reference §4.2), plus `current_step` and `progress`, which ScanCode.io keeps private. */
export function serializeRun(row: RunRow, baseUrl: string): RunView {
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
