import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ADD_INPUT_FIELDS, ADD_PIPELINE_FIELDS, AddInputDto, AddPipelineDto, ARCHIVE_FIELDS, ArchiveDto, PROJECT_RPC,
  RESET_FIELDS, ResetDto, WEBHOOK_FIELDS, WebhookDto, WebhookInput,
} from '@sca/contracts';
import { splitInputUrls } from '@sca/fetch';
import { ApiError } from '../http/api-error';
import { StoreClient } from '../http/store-client';
import { requestContext } from '../http/request-context';
import { validateBody } from '../validation/validate-body';
import { ProjectBodyService } from './project-body.service';

const ARCHIVE_USAGE =
  'POST on this URL to archive the project. You can choose to remove workspace directories by providing the following parameters: ``` `remove_input=True` ```, ``` `remove_codebase=True` ```, ``` `remove_output=True` ```.';

/** The POST actions on one project (reference §3.10–3.14). */
@Controller('api/projects/:uuid')
export class ProjectActionsController {
  constructor(private readonly store: StoreClient, private readonly bodies: ProjectBodyService) {}

  private ref(req: Request, uuid: string) {
    return { ctx: requestContext(req), project_uuid: uuid };
  }

  @Get('add_input')
  async addInputUsage(@Req() req: Request, @Param('uuid') uuid: string): Promise<never> {
    await this.store.call(PROJECT_RPC.addInput, { ...this.ref(req, uuid), input_urls: [], upload: null });
    throw ApiError.status('upload_file or input_urls required.');
  }

  /** Checks first that inputs may still be added, so a refused upload is never stored. */
  @Post('add_input')
  @HttpCode(201)
  async addInput(@Req() req: Request, @Param('uuid') uuid: string) {
    await this.store.call(PROJECT_RPC.addInput, { ...this.ref(req, uuid), input_urls: [], upload: null });
    const { body, upload, errors } = await this.bodies.read(req, uuid);
    try {
      const data = validateBody(AddInputDto, body, ADD_INPUT_FIELDS, new Set(['input_urls']), errors);
      const urls = data.input_urls === undefined ? [] : splitInputUrls(data.input_urls as string | string[]);
      if (urls.length === 0 && !upload) throw ApiError.status('upload_file or input_urls required.');
      const tag = (data.upload_file_tag as string | undefined) ?? '';
      return await this.store.call(PROJECT_RPC.addInput, { ...this.ref(req, uuid), input_urls: urls, upload: upload ? { filename: upload.filename, size: upload.size, tag } : null });
    } catch (error) {
      await this.bodies.discard(upload);
      throw error;
    }
  }

  @Get('add_pipeline')
  async addPipelineUsage(): Promise<never> {
    const pipelines = await this.store.call(PROJECT_RPC.pipelines, {});
    throw ApiError.badRequest({ status: 'Pipeline required.', pipelines: pipelines.map((p) => p.name) });
  }

  @Post('add_pipeline')
  @HttpCode(201)
  async addPipeline(@Req() req: Request, @Param('uuid') uuid: string) {
    await this.store.call(PROJECT_RPC.exists, this.ref(req, uuid));
    const data = validateBody(AddPipelineDto, await this.bodies.readPlain(req), ADD_PIPELINE_FIELDS, new Set());
    if (!data.pipeline) return this.addPipelineUsage();
    return this.store.call(PROJECT_RPC.addPipeline, { ...this.ref(req, uuid), pipeline: data.pipeline as string, execute_now: data.execute_now === true });
  }

  /** ScanCode.io's `{"status": ...}`, plus the new subscription's `uuid` and `secret` (shown this once). */
  @Post('add_webhook')
  @HttpCode(201)
  async addWebhook(@Req() req: Request, @Param('uuid') uuid: string) {
    await this.store.call(PROJECT_RPC.exists, this.ref(req, uuid));
    const data = validateBody(WebhookDto, await this.bodies.readPlain(req), WEBHOOK_FIELDS, new Set());
    const webhook: WebhookInput = {
      target_url: data.target_url as string,
      trigger_on_each_run: (data.trigger_on_each_run as boolean | undefined) ?? false,
      include_summary: (data.include_summary as boolean | undefined) ?? false,
      include_results: (data.include_results as boolean | undefined) ?? false,
      is_active: (data.is_active as boolean | undefined) ?? true,
      secret: (data.secret as string | null | undefined) ?? null,
    };
    return this.store.call(PROJECT_RPC.addWebhook, { ...this.ref(req, uuid), webhook });
  }

  @Get('archive')
  async archiveUsage(@Req() req: Request, @Param('uuid') uuid: string) {
    await this.store.call(PROJECT_RPC.exists, this.ref(req, uuid));
    return { status: ARCHIVE_USAGE };
  }

  @Post('archive')
  @HttpCode(200)
  async archive(@Req() req: Request, @Param('uuid') uuid: string) {
    const data = validateBody(ArchiveDto, await this.bodies.readPlain(req), ARCHIVE_FIELDS, new Set());
    return this.store.call(PROJECT_RPC.archive, {
      ...this.ref(req, uuid),
      remove_input: data.remove_input === true,
      remove_codebase: data.remove_codebase === true,
      remove_output: data.remove_output === true,
    });
  }

  @Get('reset')
  async resetUsage(@Req() req: Request, @Param('uuid') uuid: string) {
    await this.store.call(PROJECT_RPC.exists, this.ref(req, uuid));
    return { status: 'POST on this URL to reset the project.' };
  }

  @Post('reset')
  @HttpCode(200)
  async reset(@Req() req: Request, @Param('uuid') uuid: string) {
    const data = validateBody(ResetDto, await this.bodies.readPlain(req), RESET_FIELDS, new Set());
    return this.store.call(PROJECT_RPC.reset, {
      ...this.ref(req, uuid),
      keep_input: data.keep_input !== false,
      keep_webhook: data.keep_webhook !== false,
      restore_pipelines: data.restore_pipelines === true,
      execute_now: data.execute_now === true,
    });
  }
}
