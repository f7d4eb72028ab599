import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PROJECT_RPC } from '@sca/contracts';
import { StoreClient } from '../http/store-client';
import { requestContext } from '../http/request-context';

/**
 * A project's webhook subscriptions and their delivery log (not in ScanCode.io): list, delete a
 * subscription, redeliver a failed delivery. Secrets are never shown here.
 */
@Controller('api/projects/:uuid/webhooks')
export class ProjectWebhooksController {
  constructor(private readonly store: StoreClient) {}

  private ref(req: Request, uuid: string) {
    return { ctx: requestContext(req), project_uuid: uuid };
  }

  @Get()
  list(@Req() req: Request, @Param('uuid') uuid: string) {
    return this.store.call(PROJECT_RPC.webhooksList, this.ref(req, uuid));
  }

  @Delete(':subscription')
  @HttpCode(204)
  async remove(@Req() req: Request, @Param('uuid') uuid: string, @Param('subscription') subscription: string): Promise<void> {
    await this.store.call(PROJECT_RPC.webhookDelete, { ...this.ref(req, uuid), subscription_uuid: subscription });
  }

  @Post(':subscription/deliveries/:delivery/redeliver')
  @HttpCode(202)
  redeliver(@Req() req: Request, @Param('uuid') uuid: string, @Param('subscription') subscription: string, @Param('delivery') delivery: string) {
    return this.store.call(PROJECT_RPC.webhookRedeliver, { ...this.ref(req, uuid), subscription_uuid: subscription, delivery_uuid: delivery });
  }
}
