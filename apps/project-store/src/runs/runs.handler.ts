import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { EVENTS, PROJECT_RPC, RunCompletedEvent, RunRef } from '@sca/contracts';
import { RunsService } from './runs.service';
import { serializeRun } from '@sca/persistence';

@Controller()
export class RunsHandler {
  constructor(private readonly runs: RunsService) {}

  @MessagePattern(PROJECT_RPC.runGet)
  async get(@Payload() ref: RunRef) {
    return serializeRun(await this.runs.get(ref.run_uuid), ref.ctx.base_url);
  }

  @MessagePattern(PROJECT_RPC.runStart)
  async start(@Payload() ref: RunRef) {
    return { status: await this.runs.start(ref.run_uuid) };
  }

  @MessagePattern(PROJECT_RPC.runStop)
  async stop(@Payload() ref: RunRef) {
    return { status: await this.runs.stop(ref.run_uuid) };
  }

  @MessagePattern(PROJECT_RPC.runDelete)
  async remove(@Payload() ref: RunRef) {
    return { status: await this.runs.remove(ref.run_uuid) };
  }

  /** Chains the next run after a success; idempotent through the queue guard. */
  @EventPattern(EVENTS.runCompleted)
  onRunCompleted(@Payload() event: RunCompletedEvent) {
    return this.runs.onRunCompleted(event);
  }
}
