import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { StoreClient } from '../http/store-client';
import { requestContext } from '../http/request-context';

@Controller('api/runs/:uuid')
export class RunsController {
  constructor(private readonly store: StoreClient) {}

  private ref(req: Request, uuid: string) {
    return { ctx: requestContext(req), run_uuid: uuid };
  }

  @Get()
  detail(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.runGet, this.ref(req, uuid));
  }

  @Post('start_pipeline')
  @HttpCode(200)
  start(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.runStart, this.ref(req, uuid));
  }

  @Post('stop_pipeline')
  @HttpCode(200)
  stop(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.runStop, this.ref(req, uuid));
  }

  @Post('delete_pipeline')
  @HttpCode(200)
  remove(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.runDelete, this.ref(req, uuid));
  }
}
