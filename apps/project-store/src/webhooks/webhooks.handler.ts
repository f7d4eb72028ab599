import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROJECT_RPC, ProjectRef, WebhookDeliveryRef, WebhookRef } from '@sca/contracts';
import { WebhooksService } from './webhooks.service';

/** RPC entry points of the webhooks API (subscriptions and their delivery log). */
@Controller()
export class WebhooksHandler {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(PROJECT_RPC.webhooksList)
  list(@Payload() ref: ProjectRef) {
    return this.webhooks.list(ref.project_uuid);
  }

  @MessagePattern(PROJECT_RPC.webhookDelete)
  async remove(@Payload() ref: WebhookRef) {
    await this.webhooks.remove(ref);
    return {};
  }

  @MessagePattern(PROJECT_RPC.webhookRedeliver)
  async redeliver(@Payload() ref: WebhookDeliveryRef) {
    return { status: await this.webhooks.redeliver(ref) };
  }
}
