import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { PROJECT_RPC } from '@sca/contracts';
import { contentDisposition, contentTypeFor } from '@sca/formats';
import { OBJECT_STORAGE, ObjectStorage, storageKeys } from '@sca/storage';
import { ApiError } from '../http/api-error';
import { StoreClient } from '../http/store-client';
import { flatQuery, requestContext, requestUrl } from '../http/request-context';

/**
 * `GET outputs/` (reference §3.15): the files of the project's output/, or one of them with
 * `?filename=`. Only base names inside output/ are served, unlike ScanCode.io, whose join lets
 * `../` reach other project files.
 */
@Controller('api/projects/:uuid')
export class ProjectOutputsController {
  constructor(private readonly store: StoreClient, @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Get('outputs')
  async outputs(@Req() req: Request, @Res() res: Response, @Param('uuid') uuid: string): Promise<void> {
    await this.store.call(PROJECT_RPC.exists, { ctx: requestContext(req), project_uuid: uuid });
    const filename = flatQuery(req).filename;
    const prefix = storageKeys.outputPrefix(uuid);
    if (filename === undefined) {
      const base = requestUrl(req).split('?')[0];
      res.json((await this.storage.listNames(prefix)).map((name) => ({ filename: name, download_url: `${base}?filename=${name}` })));
      return;
    }
    const stat = isBaseName(filename) ? await this.storage.stat(`${prefix}${filename}`) : null;
    if (!stat) throw ApiError.status(`Output file ${filename} not found`);
    res.status(200).type(contentTypeFor(filename)).setHeader('Content-Disposition', contentDisposition('inline', filename));
    res.setHeader('Content-Length', String(stat.size));
    await pipeline(await this.storage.getStream(stat.key), res).catch((error: Error) => res.destroy(error));
  }
}

function isBaseName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name);
}
