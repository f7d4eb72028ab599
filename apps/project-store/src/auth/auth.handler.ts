import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PROJECT_RPC, RpcReply, RpcRequest } from '@sca/contracts';
import { ProjectRpcHandler } from '../rpc/project-rpc-handler';
import { ApiKeysService } from './api-keys.service';

type P = typeof PROJECT_RPC;

@Controller()
export class AuthHandler {
  constructor(private readonly keys: ApiKeysService) {}

  @ProjectRpcHandler(PROJECT_RPC.authVerify)
  verify(@Payload() body: RpcRequest<P['authVerify']>): Promise<RpcReply<P['authVerify']>> {
    return this.keys.verify(body.key);
  }
}
