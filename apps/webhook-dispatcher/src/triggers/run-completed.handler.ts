import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENTS, RunCompletedEvent } from '@sca/contracts';
import { TriggerService } from './trigger.service';

@Controller()
export class RunCompletedHandler {
  constructor(private readonly triggers: TriggerService) {}

  @EventPattern(EVENTS.runCompleted)
  async onRunCompleted(@Payload() event: RunCompletedEvent): Promise<void> {
    await this.triggers.onRunCompleted(event);
  }
}
