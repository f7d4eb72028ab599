import { deriveRunStatus, RunTaskFields, runExecutionTime } from './run-status';

const run = (fields: Partial<RunTaskFields>): RunTaskFields => ({ task_id: null, task_start_date: null, task_end_date: null, task_exitcode: null, ...fields });
const START = '2024-01-01T10:00:00.000Z';
const END = '2024-01-01T10:01:05.900Z';

describe('deriveRunStatus', () => {
  it.each([
    ['not_started', run({})],
    ['queued', run({ task_id: 'r1' })],
    ['running', run({ task_id: 'r1', task_start_date: START })],
    ['running', run({ task_start_date: new Date(START) })],
    ['success', run({ task_id: 'r1', task_start_date: START, task_end_date: END, task_exitcode: 0 })],
    ['failure', run({ task_id: 'r1', task_start_date: START, task_end_date: END, task_exitcode: 1 })],
    ['failure', run({ task_exitcode: 2 })],
    ['failure', run({ task_exitcode: 137 })],
    ['stale', run({ task_id: 'r1', task_start_date: START, task_exitcode: 88 })],
    ['stopped', run({ task_id: 'r1', task_start_date: START, task_end_date: END, task_exitcode: 99 })],
  ])('%s: %j', (status, fields) => {
    expect(deriveRunStatus(fields)).toBe(status);
  });

  it('lets the exit code win over the dates and the task id', () => {
    expect(deriveRunStatus(run({ task_exitcode: 0 }))).toBe('success');
    expect(deriveRunStatus(run({ task_exitcode: 99 }))).toBe('stopped');
  });

  it('ignores a negative exit code and falls back to the dates', () => {
    expect(deriveRunStatus(run({ task_exitcode: -1, task_start_date: START }))).toBe('running');
    expect(deriveRunStatus(run({ task_exitcode: -1 }))).toBe('not_started');
  });
});

describe('runExecutionTime', () => {
  it('counts whole seconds between start and end, rounding down', () => {
    expect(runExecutionTime(run({ task_start_date: START, task_end_date: END, task_exitcode: 0 }))).toBe(65);
    expect(runExecutionTime(run({ task_start_date: new Date(START), task_end_date: new Date(END), task_exitcode: 1 }))).toBe(65);
  });

  it('is null until both dates are set', () => {
    expect(runExecutionTime(run({}))).toBeNull();
    expect(runExecutionTime(run({ task_start_date: START }))).toBeNull();
    expect(runExecutionTime(run({ task_end_date: END }))).toBeNull();
  });

  it('is null for a stale run even with both dates', () => {
    expect(runExecutionTime(run({ task_start_date: START, task_end_date: END, task_exitcode: 88 }))).toBeNull();
  });

  it('is zero for a run that ended within its first second', () => {
    expect(runExecutionTime(run({ task_start_date: START, task_end_date: '2024-01-01T10:00:00.999Z', task_exitcode: 0 }))).toBe(0);
  });
});
