import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CONTROL, RunExecuteMessage, RunStopMessage, WORK } from '@sca/contracts';
import { PermanentError } from '@sca/messaging';
import { RunExecutor } from './run-executor.service';
import { StopRegistry } from './stop-registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller()
export class RunHandler {
  private readonly logger = new Logger(RunHandler.name);

  constructor(private readonly executor: RunExecutor, private readonly stops: StopRegistry) {}

  /** Acknowledged when the run is over (the transport acks when this resolves): see RunExecutor. */
  @EventPattern(WORK.runExecute)
  async execute(@Payload() msg: RunExecuteMessage): Promise<void> {
    if (!msg || typeof msg.run_uuid !== 'string' || !UUID.test(msg.run_uuid)) throw new PermanentError(`invalid run.execute message: ${JSON.stringify(msg)}`);
    await this.executor.execute(msg.run_uuid);
  }

  @EventPattern(CONTROL.runStop)
  stop(@Payload() msg: RunStopMessage): void {
    if (this.stops.stop(msg.run_uuid)) this.logger.log(`stop requested for run ${msg.run_uuid}`);
  }
}
