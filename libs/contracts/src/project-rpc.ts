import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import {
  AddInputCommand, AddPipelineCommand, AddWebhookCommand, ArchiveCommand, AuthVerifyRequest, CreateProjectCommand, EmptyRequest,
  FileContentQuery, MessagesQuery, Paginated, ProjectListQuery, ProjectRef, ResetCommand, RunRef,
} from './project-commands';
import type { AuthenticatedUser, FileContentLocation, PipelineInfo, ProjectDetail, ProjectListItem, RunView, StatusReply } from './project-views';
import type { MessageRecord } from './records';
import { PROJECT_RPC } from './rpc';
import { CreatedWebhook, WebhookDeliveryRef, WebhookRef, WebhookSubscriptionView } from './webhooks';

/** Every pattern project-store answers. */
export type ProjectRpcPattern = (typeof PROJECT_RPC)[keyof typeof PROJECT_RPC];

type RequestClass = new () => object;

/**
 * What each pattern takes: the class its payload is validated against on receipt. The map is
 * `satisfies` a record over every pattern, so a pattern without a request class does not compile.
 */
export const PROJECT_RPC_REQUESTS = {
  [PROJECT_RPC.list]: ProjectListQuery,
  [PROJECT_RPC.create]: CreateProjectCommand,
  [PROJECT_RPC.get]: ProjectRef,
  [PROJECT_RPC.exists]: ProjectRef,
  [PROJECT_RPC.remove]: ProjectRef,
  [PROJECT_RPC.addInput]: AddInputCommand,
  [PROJECT_RPC.addPipeline]: AddPipelineCommand,
  [PROJECT_RPC.addWebhook]: AddWebhookCommand,
  [PROJECT_RPC.archive]: ArchiveCommand,
  [PROJECT_RPC.reset]: ResetCommand,
  [PROJECT_RPC.fileContentLocation]: FileContentQuery,
  [PROJECT_RPC.messages]: MessagesQuery,
  [PROJECT_RPC.pipelines]: EmptyRequest,
  [PROJECT_RPC.runGet]: RunRef,
  [PROJECT_RPC.runStart]: RunRef,
  [PROJECT_RPC.runStop]: RunRef,
  [PROJECT_RPC.runDelete]: RunRef,
  [PROJECT_RPC.authVerify]: AuthVerifyRequest,
  [PROJECT_RPC.webhooksList]: ProjectRef,
  [PROJECT_RPC.webhookDelete]: WebhookRef,
  [PROJECT_RPC.webhookRedeliver]: WebhookDeliveryRef,
} as const satisfies Record<ProjectRpcPattern, RequestClass>;

/** The create answer: the list item, plus the subscriptions the request created with their secrets (shown this once). */
export type CreatedProject = ProjectListItem & { webhooks?: CreatedWebhook[] };

/** What each pattern answers. */
export interface ProjectRpcReplies {
  [PROJECT_RPC.list]: Paginated<ProjectListItem>;
  [PROJECT_RPC.create]: CreatedProject;
  [PROJECT_RPC.get]: ProjectDetail;
  [PROJECT_RPC.exists]: Record<string, never>;
  [PROJECT_RPC.remove]: Record<string, never>;
  /** Without inputs: only checks that inputs may still be added. */
  [PROJECT_RPC.addInput]: StatusReply | { checked: true };
  [PROJECT_RPC.addPipeline]: StatusReply;
  [PROJECT_RPC.addWebhook]: StatusReply & { uuid: string; secret: string };
  [PROJECT_RPC.archive]: StatusReply;
  [PROJECT_RPC.reset]: StatusReply;
  [PROJECT_RPC.fileContentLocation]: FileContentLocation;
  [PROJECT_RPC.messages]: Paginated<MessageRecord>;
  [PROJECT_RPC.pipelines]: PipelineInfo[];
  [PROJECT_RPC.runGet]: RunView;
  [PROJECT_RPC.runStart]: StatusReply;
  [PROJECT_RPC.runStop]: StatusReply;
  [PROJECT_RPC.runDelete]: StatusReply;
  [PROJECT_RPC.authVerify]: AuthenticatedUser;
  [PROJECT_RPC.webhooksList]: WebhookSubscriptionView[];
  [PROJECT_RPC.webhookDelete]: Record<string, never>;
  [PROJECT_RPC.webhookRedeliver]: StatusReply;
}

/** The payload pattern `P` takes. */
export type RpcRequest<P extends ProjectRpcPattern> = InstanceType<(typeof PROJECT_RPC_REQUESTS)[P]>;
/** What pattern `P` answers. */
export type RpcReply<P extends ProjectRpcPattern> = ProjectRpcReplies[P];

export type RpcPayloadCheck<P extends ProjectRpcPattern> = { ok: true; payload: RpcRequest<P> } | { ok: false; problems: string[] };

/**
 * Checks a received payload against its pattern's class: every field present with its type,
 * nested objects too, and no field the class does not declare. Answers the payload itself (the
 * instance built for the check is dropped, so handlers see exactly what was sent), or the
 * problems, one line per field ("ctx.base_url: base_url must be a string").
 */
export function checkRpcPayload<P extends ProjectRpcPattern>(pattern: P, payload: unknown): RpcPayloadCheck<P> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, problems: ['the payload must be an object'] };
  const instance = plainToInstance(PROJECT_RPC_REQUESTS[pattern] as RequestClass, payload);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length === 0) return { ok: true, payload: payload as RpcRequest<P> };
  return { ok: false, problems: errors.flatMap((e) => problemLines(e, '')) };
}

function problemLines(error: ValidationError, parent: string): string[] {
  const path = parent ? `${parent}.${error.property}` : error.property;
  const own = Object.values(error.constraints ?? {}).map((message) => `${path}: ${message}`);
  return [...own, ...(error.children ?? []).flatMap((child) => problemLines(child, path))];
}
