import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { ERROR_CODES, PROJECT_RPC, RpcReply, RpcRequest } from '@sca/contracts';
import { DomainError } from '@sca/messaging';
import { ProjectRpcHandler } from './project-rpc-handler';

type P = typeof PROJECT_RPC;

class ExampleHandler {
  readonly seen: unknown[] = [];

  @ProjectRpcHandler(PROJECT_RPC.runStart)
  async start(ref: RpcRequest<P['runStart']>): Promise<RpcReply<P['runStart']>> {
    this.seen.push(ref);
    return { status: `started ${ref.run_uuid}` };
  }
}

describe('ProjectRpcHandler', () => {
  it('registers the pattern and hands a valid payload, as sent, to the handler', async () => {
    const h = new ExampleHandler();
    expect(Reflect.getMetadata(PATTERN_METADATA, h.start)).toEqual([PROJECT_RPC.runStart]);
    const payload = { ctx: { base_url: 'http://h' }, run_uuid: 'r1' };
    await expect(h.start(payload)).resolves.toEqual({ status: 'started r1' });
    expect(h.seen[0]).toBe(payload);
  });

  it('answers an invalid payload with an invalid_payload error, without running the handler', () => {
    const h = new ExampleHandler();
    let error: unknown;
    try {
      void h.start({ run_uuid: 7 } as unknown as RpcRequest<P['runStart']>);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ERROR_CODES.invalidPayload, details: { problems: ['ctx: ctx should not be null or undefined', 'run_uuid: run_uuid must be a string'] } });
    expect(h.seen).toEqual([]);
  });
});
