import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PROJECT_RPC, RpcReply, RpcRequest } from '@sca/contracts';
import { ProjectRpcHandler } from '../rpc/project-rpc-handler';
import { WebhooksService } from './webhooks.service';

type P = typeof PROJECT_RPC;

/** RPC entry points of the webhooks API (subscriptions and their delivery log). */
@Controller()
export class WebhooksHandler {
  constructor(private readonly webhooks: WebhooksService) {}

  @ProjectRpcHandler(PROJECT_RPC.webhooksList)
  list(@Payload() ref: RpcRequest<P['webhooksList']>): Promise<RpcReply<P['webhooksList']>> {
    return this.webhooks.list(ref.project_uuid);
  }

  @ProjectRpcHandler(PROJECT_RPC.webhookDelete)
  async remove(@Payload() ref: RpcRequest<P['webhookDelete']>): Promise<RpcReply<P['webhookDelete']>> {
    await this.webhooks.remove(ref);
    return {};
  }

  @ProjectRpcHandler(PROJECT_RPC.webhookRedeliver)
  async redeliver(@Payload() ref: RpcRequest<P['webhookRedeliver']>): Promise<RpcReply<P['webhookRedeliver']>> {
    return { status: await this.webhooks.redeliver(ref) };
  }
}
