import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { FileContentQuery, PROJECT_RPC } from '@sca/contracts';
import { OBJECT_STORAGE, ObjectStorage, ObjectNotFoundError, ObjectTooLargeError, readPackedFile, type PackedFilePlace } from '@sca/storage';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from '../http/api-error';
import { StoreClient } from '../http/store-client';
import { flatQuery, requestContext, requestUrl } from '../http/request-context';
import { proxyInternal } from '../http/internal-proxy';
import { normalizeTextLines } from './text-lines';

const FILE_CONTENT_LIMIT = 50 * 1024 * 1024;

/** Record lists, messages and file content of one project. */
@Controller('api/projects/:uuid')
export class ProjectRecordsController {
  constructor(
    private readonly store: StoreClient,
    private readonly config: GatewayConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** JSON arrays streamed from project-store's cursor to the client with backpressure. */
  @Get(['resources', 'packages', 'dependencies', 'relations', 'errors'])
  async records(@Req() req: Request, @Res() res: Response, @Param('uuid') uuid: string): Promise<void> {
    const list = req.path.replace(/\/$/, '').split('/').pop() as string;
    const url = `${this.config.PROJECT_STORE_URL}/internal/projects/${encodeURIComponent(uuid)}/${list}`;
    await proxyInternal(req, res, url, this.config.RPC_TIMEOUT_MS, 'project store');
  }

  @Get('messages')
  messages(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.messages, { ctx: requestContext(req), project_uuid: uuid, query: flatQuery(req), request_url: requestUrl(req), page_size: this.config.REST_API_PAGE_SIZE });
  }

  /** The text of one codebase file; only exact resource paths of the project are served. */
  @Get('file_content')
  async fileContent(@Req() req: Request, @Param('uuid') uuid: string) {
    const query: FileContentQuery = { ctx: requestContext(req), project_uuid: uuid, path: flatQuery(req).path ?? '' };
    const { key, size, range, deflated } = await this.store.call(PROJECT_RPC.fileContentLocation, query);
    try {
      const data = range ? await this.readRange({ key, offset: range.start, size: size ?? 0, deflated: deflated ?? null }) : await this.storage.getBuffer(key, FILE_CONTENT_LIMIT);
      return { file_content: normalizeTextLines(data.toString('utf8')) };
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw ApiError.status('File not available');
      if (error instanceof ObjectTooLargeError) throw ApiError.status(`File too large to display (over ${FILE_CONTENT_LIMIT} bytes)`);
      throw error;
    }
  }

  /** A file inside a codebase pack (or a stored input zip), refused when larger than the display limit. */
  private async readRange(place: PackedFilePlace): Promise<Buffer> {
    if (place.size > FILE_CONTENT_LIMIT) throw new ObjectTooLargeError(place.key, FILE_CONTENT_LIMIT);
    return readPackedFile(this.storage, place);
  }
}
