import { RunStatus } from './run-status';

/** Work queues (competing consumers). */
export const WORK = { runExecute: 'run.execute', webhookDeliver: 'webhook.deliver' } as const;

/** Events on the topic exchange, named in the past tense. */
export const EVENTS = {
  runStarted: 'run.started',
  runProgressed: 'run.progressed',
  runCompleted: 'run.completed',
  projectDeleted: 'project.deleted',
} as const;

/** Control fanout kinds. */
export const CONTROL = { runStop: 'run.stop' } as const;

/** RPC service names. */
export const SERVICES = { projectStore: 'project-store', reporting: 'reporting' } as const;

export interface RunExecuteMessage { run_uuid: string; project_uuid: string }
export interface RunStartedEvent { run_uuid: string; project_uuid: string; runner_id: string }
export interface RunCompletedEvent { run_uuid: string; project_uuid: string; pipeline_name: string; status: RunStatus; task_exitcode: number }
export interface ProjectDeletedEvent { project_uuid: string }
export interface RunStopMessage { run_uuid: string }
/** One delivery of one webhook subscription for one run and event; the row says what to send. */
export interface WebhookDeliverMessage { delivery_uuid: string }
