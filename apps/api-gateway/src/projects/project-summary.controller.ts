import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { OBJECT_STORAGE, ObjectStorage, readLatestSummary } from '@sca/storage';
import { ApiError } from '../http/api-error';
import { StoreClient } from '../http/store-client';
import { requestContext } from '../http/request-context';

/** `GET summary/`: the newest `*summary*.json` of the project's outputs (scan_single_package writes it). */
@Controller('api/projects/:uuid')
export class ProjectSummaryController {
  constructor(
    private readonly store: StoreClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get('summary')
  async summary(@Req() req: Request, @Param('uuid') uuid: string): Promise<unknown> {
    await this.store.call(PROJECT_RPC.exists, { ctx: requestContext(req), project_uuid: uuid });
    const summary = await readLatestSummary(this.storage, uuid);
    if (summary === undefined) throw ApiError.badRequest({ error: 'Summary file not available' });
    return summary;
  }
}
