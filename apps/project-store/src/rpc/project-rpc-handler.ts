import { MessagePattern } from '@nestjs/microservices';
import { checkRpcPayload, ERROR_CODES, ProjectRpcPattern, RpcReply, RpcRequest } from '@sca/contracts';
import { DomainError } from '@sca/messaging';

type Handler<P extends ProjectRpcPattern> = (payload: RpcRequest<P>) => RpcReply<P> | Promise<RpcReply<P>>;

/**
 * `@MessagePattern(pattern)` for a handler whose payload and answer are the contract's
 * (libs/contracts project-rpc.ts): a handler of another type does not compile, and a payload that
 * is not what the pattern takes is answered with an `invalid_payload` error listing the problems,
 * before the handler runs.
 */
export function ProjectRpcHandler<P extends ProjectRpcPattern>(pattern: P) {
  return <H extends Handler<P>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const handler: Handler<P> | undefined = descriptor.value;
    if (!handler) throw new Error(`@ProjectRpcHandler(${pattern}) is not on a method`);
    const checked: Handler<P> = function checkedHandler(this: unknown, payload: RpcRequest<P>) {
      const check = checkRpcPayload(pattern, payload);
      if (!check.ok) throw new DomainError(ERROR_CODES.invalidPayload, `invalid payload for ${pattern}`, { problems: check.problems });
      return handler.call(this, check.payload);
    };
    // The same signature as the handler it wraps.
    descriptor.value = checked as H;
    MessagePattern(pattern)(target, key, descriptor);
  };
}
