import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { OBJECT_STORAGE, ObjectStorage, ObjectNotFoundError, storageKeys } from '@sca/storage';
import { ApiError } from '../http/api-error';
import { StoreClient } from '../http/store-client';
import { requestContext } from '../http/request-context';

const SUMMARY_LIMIT = 64 * 1024 * 1024;
const SUMMARY_FILE = /summary.*\.json$/;

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
    const prefix = storageKeys.outputPrefix(uuid);
    // Timestamped names sort in time order: the last match is the newest.
    const names = (await this.storage.listNames(prefix)).filter((n) => SUMMARY_FILE.test(n)).sort();
    const newest = names.at(-1);
    if (!newest) throw ApiError.badRequest({ error: 'Summary file not available' });
    try {
      return JSON.parse((await this.storage.getBuffer(`${prefix}${newest}`, SUMMARY_LIMIT)).toString('utf8')) as unknown;
    } catch (error) {
      if (error instanceof ObjectNotFoundError || error instanceof SyntaxError) throw ApiError.badRequest({ error: 'Summary file not available' });
      throw error;
    }
  }
}
