export const RUN_STATUSES = ['not_started', 'queued', 'running', 'success', 'failure', 'stopped', 'stale'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const EXIT_CODE_SUCCESS = 0;
export const EXIT_CODE_FAILURE = 1;
export const EXIT_CODE_STALE = 88;
export const EXIT_CODE_STOPPED = 99;

export interface RunTaskFields {
  task_id: string | null;
  task_start_date: Date | string | null;
  task_end_date: Date | string | null;
  task_exitcode: number | null;
}

/** ScanCode.io's status derivation, evaluated in this order (reference §5.2). */
export function deriveRunStatus(run: RunTaskFields): RunStatus {
  const code = run.task_exitcode;
  if (code === EXIT_CODE_SUCCESS) return 'success';
  if (code === EXIT_CODE_STALE) return 'stale';
  if (code === EXIT_CODE_STOPPED) return 'stopped';
  if (code !== null && code > 0) return 'failure';
  if (run.task_start_date) return 'running';
  if (run.task_id) return 'queued';
  return 'not_started';
}

/** `null` when stale; otherwise whole seconds between start and end when both are set. */
export function runExecutionTime(run: RunTaskFields): number | null {
  if (run.task_exitcode === EXIT_CODE_STALE) return null;
  if (!run.task_start_date || !run.task_end_date) return null;
  const ms = new Date(run.task_end_date).getTime() - new Date(run.task_start_date).getTime();
  return Math.trunc(ms / 1000);
}
