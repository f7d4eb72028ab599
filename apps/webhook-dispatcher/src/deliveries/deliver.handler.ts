import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { WORK, WebhookDeliverMessage } from '@sca/contracts';
import type { AmqpContext } from '@sca/messaging';
import { DeliveryService } from './delivery.service';

@Controller()
export class DeliverHandler {
  constructor(private readonly deliveries: DeliveryService) {}

  @EventPattern(WORK.webhookDeliver)
  async deliver(@Payload() message: WebhookDeliverMessage, @Ctx() ctx: AmqpContext): Promise<void> {
    await this.deliveries.deliver(message.delivery_uuid, ctx.attempt);
  }
}
