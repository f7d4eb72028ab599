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

/**
 * The version of the public events' payloads (docs/asyncapi.yaml, each payload's
 * `schema_version`). Within a version fields are only added; a change that removes, renames or
 * retypes a field raises it.
 */
export const EVENT_SCHEMA_VERSION = 1;

/** Compliance alerts of a project's packages, license detections and resources, by severity. */
export interface ComplianceAlertCounts { error: number; warning: number; missing: number }

export interface RunExecuteMessage { run_uuid: string; project_uuid: string }
export interface RunStartedEvent { schema_version: typeof EVENT_SCHEMA_VERSION; run_uuid: string; project_uuid: string; runner_id: string }
/**
 * A run ended (success, failure, stopped or stale), with what a subscriber needs without a
 * second call. Counts are the project's as the API shows them at the run's end.
 */
export interface RunCompletedEvent {
  schema_version: typeof EVENT_SCHEMA_VERSION;
  run_uuid: string;
  project_uuid: string;
  project_name: string;
  pipeline_name: string;
  status: RunStatus;
  task_exitcode: number;
  /** ISO 8601 UTC; null for a run stopped before it started. */
  task_start_date: string | null;
  task_end_date: string;
  resource_count: number;
  package_count: number;
  dependency_count: number;
  relation_count: number;
  message_count: number;
  compliance_alerts: ComplianceAlertCounts;
  /** The project's `results/`: absolute under SITE_URL when it is set, else the API path. */
  results_url: string;
}
export interface ProjectDeletedEvent { schema_version: typeof EVENT_SCHEMA_VERSION; project_uuid: string }
export interface RunStopMessage { run_uuid: string }
/** One delivery of one webhook subscription for one run and event; the row says what to send. */
export interface WebhookDeliverMessage { delivery_uuid: string }
