import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENTS, PROJECT_RPC, RunCompletedEvent, RpcReply, RpcRequest } from '@sca/contracts';
import { serializeRun } from '@sca/persistence';
import { ProjectRpcHandler } from '../rpc/project-rpc-handler';
import { RunsService } from './runs.service';

type P = typeof PROJECT_RPC;

@Controller()
export class RunsHandler {
  constructor(private readonly runs: RunsService) {}

  @ProjectRpcHandler(PROJECT_RPC.runGet)
  async get(@Payload() ref: RpcRequest<P['runGet']>): Promise<RpcReply<P['runGet']>> {
    return serializeRun(await this.runs.get(ref.run_uuid), ref.ctx.base_url);
  }

  @ProjectRpcHandler(PROJECT_RPC.runStart)
  async start(@Payload() ref: RpcRequest<P['runStart']>): Promise<RpcReply<P['runStart']>> {
    return { status: await this.runs.start(ref.run_uuid) };
  }

  @ProjectRpcHandler(PROJECT_RPC.runStop)
  async stop(@Payload() ref: RpcRequest<P['runStop']>): Promise<RpcReply<P['runStop']>> {
    return { status: await this.runs.stop(ref.run_uuid) };
  }

  @ProjectRpcHandler(PROJECT_RPC.runDelete)
  async remove(@Payload() ref: RpcRequest<P['runDelete']>): Promise<RpcReply<P['runDelete']>> {
    return { status: await this.runs.remove(ref.run_uuid) };
  }

  /** Chains the next run after a success; idempotent through the queue guard. */
  @EventPattern(EVENTS.runCompleted)
  onRunCompleted(@Payload() event: RunCompletedEvent) {
    return this.runs.onRunCompleted(event);
  }
}
