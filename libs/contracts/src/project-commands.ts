import { RequestContext } from './rpc';

export interface WebhookInput {
  target_url: string;
  trigger_on_each_run: boolean;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean;
  /** The subscription's HMAC secret; null: project-store generates one. */
  secret: string | null;
}

/** A file the gateway has already streamed into `projects/<uuid>/input/<filename>`. */
export interface UploadedInput {
  filename: string;
  size: number;
  tag: string;
}

export interface CreateProjectCommand {
  ctx: RequestContext;
  uuid: string;
  name: string;
  input_urls: string[];
  upload: UploadedInput | null;
  pipelines: string[];
  execute_now: boolean;
  webhook_url: string | null;
  webhooks: WebhookInput[];
  labels: string[];
  notes: string;
  settings: Record<string, unknown>;
  purl: string;
  extra_data: Record<string, unknown>;
}

export interface ProjectRef { ctx: RequestContext; project_uuid: string }
export interface AddInputCommand extends ProjectRef { input_urls: string[]; upload: UploadedInput | null }
export interface AddPipelineCommand extends ProjectRef { pipeline: string; execute_now: boolean }
export interface AddWebhookCommand extends ProjectRef { webhook: WebhookInput }
export interface ArchiveCommand extends ProjectRef { remove_input: boolean; remove_codebase: boolean; remove_output: boolean }
export interface ResetCommand extends ProjectRef { keep_input: boolean; keep_webhook: boolean; restore_pipelines: boolean; execute_now: boolean }
export interface FileContentQuery extends ProjectRef { path: string }
export interface MessagesQuery extends ProjectRef { query: Record<string, string>; request_url: string; page_size: number }
export interface ProjectListQuery { ctx: RequestContext; query: Record<string, string>; request_url: string; page_size: number }
export interface RunRef { ctx: RequestContext; run_uuid: string }

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
