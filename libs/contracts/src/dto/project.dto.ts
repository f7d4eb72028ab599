import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { DRF } from './drf-messages';
import { IsDrfDict, IsDrfList, IsStringOrStringList } from './validators';
import { WEBHOOK_SECRET_MAX_LENGTH, WEBHOOK_SECRET_MIN_LENGTH } from '../webhooks';

// class-validator runs a property's decorators bottom-up (right to left on one line): the type
// check is written last so that it is the first error reported, as DRF does.
const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'], allow_underscores: true };

export class WebhookDto {
  @MaxLength(1024, { message: DRF.maxLength(1024) })
  @IsUrl(URL_OPTIONS, { message: DRF.invalidUrl })
  @IsString({ message: DRF.notString })
  @IsDefined({ message: DRF.required })
  target_url!: string;

  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) trigger_on_each_run?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) include_summary?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) include_results?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) is_active?: boolean;

  /** The HMAC key deliveries are signed with; generated when absent (or null), returned once. */
  @MaxLength(WEBHOOK_SECRET_MAX_LENGTH, { message: DRF.maxLength(WEBHOOK_SECRET_MAX_LENGTH) })
  @MinLength(WEBHOOK_SECRET_MIN_LENGTH, { message: DRF.minLength(WEBHOOK_SECRET_MIN_LENGTH) })
  @IsNotEmpty({ message: DRF.blank })
  @IsString({ message: DRF.notString })
  @IsOptional()
  secret?: string;
}
export const WEBHOOK_FIELDS = ['target_url', 'trigger_on_each_run', 'include_summary', 'include_results', 'is_active', 'secret'];
/** Fields allowed inside the objects of a list field (unknown ones are refused as at the top level). */
export const NESTED_LIST_FIELDS: Record<string, string[]> = { webhooks: WEBHOOK_FIELDS };

/** POST /api/projects/ (reference §3.2). */
export class CreateProjectDto {
  @MaxLength(100, { message: DRF.maxLength(100) })
  @IsNotEmpty({ message: DRF.blank })
  @IsString({ message: DRF.notString })
  @IsDefined({ message: DRF.required })
  name!: string;

  @IsOptional() @IsStringOrStringList() input_urls?: string | string[];
  @IsOptional() @IsStringOrStringList() pipeline?: string | string[];
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) execute_now?: boolean;

  @MaxLength(50, { message: DRF.maxLength(50) })
  @IsNotEmpty({ message: DRF.blank })
  @IsString({ message: DRF.notString })
  @IsOptional()
  upload_file_tag?: string;

  @IsOptional() @MaxLength(1024, { message: DRF.maxLength(1024) }) @IsString({ message: DRF.notString }) webhook_url?: string;

  @Type(() => WebhookDto)
  @ValidateNested({ each: true })
  @IsDrfList()
  @IsOptional()
  webhooks?: WebhookDto[];

  @IsOptional() @IsString({ each: true, message: DRF.notString }) @IsDrfList() labels?: string[];
  @IsOptional() @IsString({ message: DRF.notString }) notes?: string;
  @IsOptional() @IsDrfDict() settings?: Record<string, unknown>;
  @IsOptional() @MaxLength(2048, { message: DRF.maxLength(2048) }) @IsString({ message: DRF.notString }) purl?: string;
  @IsOptional() @IsDrfDict() extra_data?: Record<string, unknown>;
}
export const CREATE_PROJECT_FIELDS = ['name', 'input_urls', 'upload_file', 'upload_file_tag', 'pipeline', 'execute_now', 'webhook_url', 'webhooks', 'labels', 'notes', 'settings', 'purl', 'extra_data'];

/** POST add_input/: input_urls as a list; a string is accepted too (ARCHITECTURE §8 departure). */
export class AddInputDto {
  @IsOptional() @IsStringOrStringList() input_urls?: string | string[];
  @IsOptional() @MaxLength(50, { message: DRF.maxLength(50) }) @IsString({ message: DRF.notString }) upload_file_tag?: string;
}
export const ADD_INPUT_FIELDS = ['input_urls', 'upload_file', 'upload_file_tag'];

export class AddPipelineDto {
  @IsOptional() @IsString({ message: DRF.notString }) pipeline?: string;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) execute_now?: boolean;
}
export const ADD_PIPELINE_FIELDS = ['pipeline', 'execute_now'];

export class ArchiveDto {
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) remove_input?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) remove_codebase?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) remove_output?: boolean;
}
export const ARCHIVE_FIELDS = ['remove_input', 'remove_codebase', 'remove_output'];

export class ResetDto {
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) keep_input?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) keep_webhook?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) restore_pipelines?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) execute_now?: boolean;
}
export const RESET_FIELDS = ['keep_input', 'keep_webhook', 'restore_pipelines', 'execute_now'];

/** Field kinds the gateway needs to coerce form data (all strings) into JSON-like values. */
export const BOOLEAN_FIELDS = new Set(['execute_now', 'trigger_on_each_run', 'include_summary', 'include_results', 'is_active', 'remove_input', 'remove_codebase', 'remove_output', 'keep_input', 'keep_webhook', 'restore_pipelines']);
export const LIST_FIELDS = new Set(['input_urls', 'pipeline', 'labels', 'webhooks']);
export const JSON_FIELDS = new Set(['settings', 'extra_data']);
