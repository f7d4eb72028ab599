import { Controller, Get, Req } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from './request-context';

@Controller('api')
export class ApiRootController {
  /** DRF's API root: runs has no list route, so only projects is listed. */
  @Get()
  root(@Req() req: Request) {
    return { projects: `${requestContext(req).base_url}/api/projects/` };
  }
}
