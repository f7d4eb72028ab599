// class-transformer's @Type reads design-time types: the metadata API must be loaded first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsDefined, IsInt, IsString, IsUUID, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsPlainObject, IsStringMap } from './rpc-validators';

/*
 * The payloads of project-store's RPC patterns (see project-rpc.ts). They are classes so that
 * project-store validates what arrives against the same declaration the gateway compiles
 * against; senders build them as plain objects. Checks are about shape (types, presence): what
 * a value means (a uuid that matches no project, a pipeline name) is the handler's to refuse,
 * with the answer the API documents.
 */

/** Context the gateway passes so that project-store can build absolute URLs as ScanCode.io does. */
export class RequestContext {
  @IsString() base_url!: string;
}

export class WebhookInput {
  @IsString() target_url!: string;
  @IsBoolean() trigger_on_each_run!: boolean;
  @IsBoolean() include_summary!: boolean;
  @IsBoolean() include_results!: boolean;
  @IsBoolean() is_active!: boolean;
  /** The subscription's HMAC secret; null: project-store generates one. */
  @ValidateIf((o: WebhookInput) => o.secret !== null) @IsString() secret!: string | null;
}

/** A file the gateway has already streamed into `projects/<uuid>/input/<filename>`. */
export class UploadedInput {
  @IsString() filename!: string;
  @IsInt() @Min(0) size!: number;
  @IsString() tag!: string;
}

/** No payload (a `{}`). */
export class EmptyRequest {}

export class CreateProjectCommand {
  @IsDefined() @ValidateNested() @Type(() => RequestContext) ctx!: RequestContext;
  @IsUUID() uuid!: string;
  @IsString() name!: string;
  @IsArray() @IsString({ each: true }) input_urls!: string[];
  @ValidateIf((o: CreateProjectCommand) => o.upload !== null) @IsDefined() @ValidateNested() @Type(() => UploadedInput) upload!: UploadedInput | null;
  @IsArray() @IsString({ each: true }) pipelines!: string[];
  @IsBoolean() execute_now!: boolean;
  @ValidateIf((o: CreateProjectCommand) => o.webhook_url !== null) @IsString() webhook_url!: string | null;
  @IsArray() @ValidateNested({ each: true }) @Type(() => WebhookInput) webhooks!: WebhookInput[];
  @IsArray() @IsString({ each: true }) labels!: string[];
  @IsString() notes!: string;
  @IsPlainObject() settings!: Record<string, unknown>;
  @IsString() purl!: string;
  @IsPlainObject() extra_data!: Record<string, unknown>;
}

export class ProjectRef {
  @IsDefined() @ValidateNested() @Type(() => RequestContext) ctx!: RequestContext;
  @IsString() project_uuid!: string;
}

export class AddInputCommand extends ProjectRef {
  @IsArray() @IsString({ each: true }) input_urls!: string[];
  @ValidateIf((o: AddInputCommand) => o.upload !== null) @IsDefined() @ValidateNested() @Type(() => UploadedInput) upload!: UploadedInput | null;
}

export class AddPipelineCommand extends ProjectRef {
  @IsString() pipeline!: string;
  @IsBoolean() execute_now!: boolean;
}

export class AddWebhookCommand extends ProjectRef {
  @IsDefined() @ValidateNested() @Type(() => WebhookInput) webhook!: WebhookInput;
}

export class ArchiveCommand extends ProjectRef {
  @IsBoolean() remove_input!: boolean;
  @IsBoolean() remove_codebase!: boolean;
  @IsBoolean() remove_output!: boolean;
}

export class ResetCommand extends ProjectRef {
  @IsBoolean() keep_input!: boolean;
  @IsBoolean() keep_webhook!: boolean;
  @IsBoolean() restore_pipelines!: boolean;
  @IsBoolean() execute_now!: boolean;
}

export class FileContentQuery extends ProjectRef {
  @IsString() path!: string;
}

/** A paginated list: the query string as given (last value of each parameter), the URL for page links, the page size. */
export class MessagesQuery extends ProjectRef {
  @IsStringMap() query!: Record<string, string>;
  @IsString() request_url!: string;
  @IsInt() @Min(1) page_size!: number;
}

export class ProjectListQuery {
  @IsDefined() @ValidateNested() @Type(() => RequestContext) ctx!: RequestContext;
  @IsStringMap() query!: Record<string, string>;
  @IsString() request_url!: string;
  @IsInt() @Min(1) page_size!: number;
}

export class RunRef {
  @IsDefined() @ValidateNested() @Type(() => RequestContext) ctx!: RequestContext;
  @IsString() run_uuid!: string;
}

export class AuthVerifyRequest {
  @IsString() key!: string;
}

/** A page of a list, as DRF's PageNumberPagination answers it. */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
