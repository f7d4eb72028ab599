import { isoTs } from '../queries/sql-fragments';

/** The columns of a RunRow, from `runs r`; timestamps rendered as DRF does (microseconds, UTC). */
export const RUN_SELECT = `
  r.uuid, r.project_uuid, r.pipeline_name, r.description, r.selected_groups, r.selected_steps,
  ${isoTs('r.created_date')} AS created_date, r.scancodeio_version, r.task_id,
  ${isoTs('r.task_start_date')} AS task_start_date, ${isoTs('r.task_end_date')} AS task_end_date,
  r.task_exitcode, r.task_output, r.log, r.current_step, r.progress`;

/** A run's serialized columns: the row behind the API's run view and the results' run list. */
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

/** The order runs are listed and chained in: creation, then uuid for runs created together. */
export const RUN_ORDER = 'r.created_date, r.uuid';
