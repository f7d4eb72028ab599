import { randomUUID } from 'node:crypto';
import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CREATE_PROJECT_FIELDS, CreateProjectCommand, CreateProjectDto, LIST_FIELDS, PROJECT_RPC, WebhookInput } from '@sca/contracts';
import { splitInputUrls } from '@sca/fetch';
import { GatewayConfig } from '../config/gateway.config';
import { StoreClient } from '../http/store-client';
import { flatQuery, requestContext, requestUrl } from '../http/request-context';
import { validateBody } from '../validation/validate-body';
import { sendJsonBytes } from '../http/send-json-bytes';
import { ProjectBodyService } from './project-body.service';

const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [v as string]);

@Controller('api/projects')
export class ProjectsController {
  constructor(private readonly store: StoreClient, private readonly bodies: ProjectBodyService, private readonly config: GatewayConfig) {}

  /** The list and the detail are passed on as project-store wrote them: they are the largest answers read most often. */
  @Get()
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    const query = { ctx: requestContext(req), query: flatQuery(req), request_url: requestUrl(req), page_size: this.config.REST_API_PAGE_SIZE };
    sendJsonBytes(res, 200, await this.store.callJson(PROJECT_RPC.list, query));
  }

  @Get('pipelines')
  pipelines() {
    return this.store.call(PROJECT_RPC.pipelines, {});
  }

  /** Creates a project; a multipart upload is streamed to storage first and removed if creation fails. */
  @Post()
  async create(@Req() req: Request, @Res() res: Response): Promise<void> {
    const uuid = randomUUID();
    const { body, upload, errors } = await this.bodies.read(req, uuid);
    try {
      const data = validateBody(CreateProjectDto, body, CREATE_PROJECT_FIELDS, LIST_FIELDS, errors);
      const cmd: CreateProjectCommand = {
        ctx: requestContext(req),
        uuid,
        name: data.name as string,
        input_urls: splitInputUrls(asList(data.input_urls)),
        upload: upload ? { filename: upload.filename, size: upload.size, tag: (data.upload_file_tag as string | undefined) ?? '' } : null,
        pipelines: asList(data.pipeline),
        execute_now: data.execute_now === true,
        webhook_url: (data.webhook_url as string | undefined) || null,
        webhooks: ((data.webhooks as Partial<WebhookInput>[] | undefined) ?? []).map((w) => ({
          target_url: w.target_url as string,
          trigger_on_each_run: w.trigger_on_each_run ?? false,
          include_summary: w.include_summary ?? false,
          include_results: w.include_results ?? false,
          is_active: w.is_active ?? true,
          secret: w.secret ?? null,
        })),
        labels: asList(data.labels),
        notes: (data.notes as string | undefined) ?? '',
        settings: (data.settings as Record<string, unknown> | undefined) ?? {},
        purl: (data.purl as string | undefined) ?? '',
        extra_data: (data.extra_data as Record<string, unknown> | undefined) ?? {},
      };
      const created = await this.store.call(PROJECT_RPC.create, cmd);
      res.status(201).location(created.url).json(created);
    } catch (error) {
      await this.bodies.discard(upload);
      throw error;
    }
  }

  @Get(':uuid')
  async detail(@Req() req: Request, @Res() res: Response, @Param('uuid') uuid: string): Promise<void> {
    sendJsonBytes(res, 200, await this.store.callJson(PROJECT_RPC.get, { ctx: requestContext(req), project_uuid: uuid }));
  }

  @Delete(':uuid')
  @HttpCode(204)
  async remove(@Req() req: Request, @Param('uuid') uuid: string): Promise<void> {
    await this.store.call(PROJECT_RPC.remove, { ctx: requestContext(req), project_uuid: uuid });
  }
}
