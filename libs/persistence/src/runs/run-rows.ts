import type { RunView } from '@sca/contracts';
import { isoTs } from '../queries/sql-fragments';

/** The columns of a RunRow, from `runs r`; timestamps rendered as DRF does (microseconds, UTC). */
export const RUN_SELECT = `
  r.uuid, r.project_uuid, r.pipeline_name, r.description, r.selected_groups, r.selected_steps,
  ${isoTs('r.created_date')} AS created_date, r.scancodeio_version, r.task_id,
  ${isoTs('r.task_start_date')} AS task_start_date, ${isoTs('r.task_end_date')} AS task_end_date,
  r.task_exitcode, r.task_output, r.log, r.current_step, r.progress`;

/** A run's serialized columns: the row behind the API's run view (less what the view derives) and the results' run list. */
export type RunRow = Omit<RunView, 'url' | 'status' | 'project' | 'execution_time'> & { project_uuid: string };

/** The order runs are listed and chained in: creation, then uuid for runs created together. */
export const RUN_ORDER = 'r.created_date, r.uuid';
