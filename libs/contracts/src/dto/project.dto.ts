import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import { DRF } from './drf-messages';
import { IsDrfDict, IsDrfList, IsStringOrStringList } from './validators';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'], allow_underscores: true };

export class WebhookDto {
  @IsDefined({ message: DRF.required })
  @IsString({ message: DRF.notString })
  @IsUrl(URL_OPTIONS, { message: DRF.invalidUrl })
  @MaxLength(1024, { message: DRF.maxLength(1024) })
  target_url!: string;

  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) trigger_on_each_run?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) include_summary?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) include_results?: boolean;
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) is_active?: boolean;
}
export const WEBHOOK_FIELDS = ['target_url', 'trigger_on_each_run', 'include_summary', 'include_results', 'is_active'];

/** POST /api/projects/ (reference §3.2). */
export class CreateProjectDto {
  @IsDefined({ message: DRF.required })
  @IsString({ message: DRF.notString })
  @IsNotEmpty({ message: DRF.blank })
  @MaxLength(100, { message: DRF.maxLength(100) })
  name!: string;

  @IsOptional() @IsStringOrStringList() input_urls?: string | string[];
  @IsOptional() @IsStringOrStringList() pipeline?: string | string[];
  @IsOptional() @IsBoolean({ message: DRF.notBoolean }) execute_now?: boolean;

  @IsOptional()
  @IsString({ message: DRF.notString })
  @IsNotEmpty({ message: DRF.blank })
  @MaxLength(50, { message: DRF.maxLength(50) })
  upload_file_tag?: string;

  @IsOptional() @IsString({ message: DRF.notString }) @MaxLength(1024, { message: DRF.maxLength(1024) }) webhook_url?: string;

  @IsOptional()
  @IsDrfList()
  @ValidateNested({ each: true })
  @Type(() => WebhookDto)
  webhooks?: WebhookDto[];

  @IsOptional() @IsDrfList() @IsString({ each: true, message: DRF.notString }) labels?: string[];
  @IsOptional() @IsString({ message: DRF.notString }) notes?: string;
  @IsOptional() @IsDrfDict() settings?: Record<string, unknown>;
  @IsOptional() @IsString({ message: DRF.notString }) @MaxLength(2048, { message: DRF.maxLength(2048) }) purl?: string;
  @IsOptional() @IsDrfDict() extra_data?: Record<string, unknown>;
}
export const CREATE_PROJECT_FIELDS = ['name', 'input_urls', 'upload_file', 'upload_file_tag', 'pipeline', 'execute_now', 'webhook_url', 'webhooks', 'labels', 'notes', 'settings', 'purl', 'extra_data'];

/** POST add_input/: input_urls as a list; a string is accepted too (ARCHITECTURE §8 departure). */
export class AddInputDto {
  @IsOptional() @IsStringOrStringList() input_urls?: string | string[];
  @IsOptional() @IsString({ message: DRF.notString }) @MaxLength(50, { message: DRF.maxLength(50) }) upload_file_tag?: string;
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
