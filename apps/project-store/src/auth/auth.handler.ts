import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROJECT_RPC } from '@sca/contracts';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class AuthHandler {
  constructor(private readonly keys: ApiKeysService) {}

  @MessagePattern(PROJECT_RPC.authVerify)
  verify(@Payload() body: { key: string }) {
    return this.keys.verify(body.key);
  }
}
