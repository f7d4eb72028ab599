import { ERROR_CODES, PROJECT_RPC, SERVICES } from '@sca/contracts';
import { AmqpConnection, MessageBus, RpcError } from '@sca/messaging';
import { useTestStack } from './support/test-stack';

const s = useTestStack();

/** project-store's answer to a raw RPC request, as the error it is. */
async function rpcError(bus: MessageBus, pattern: string, payload: object): Promise<RpcError> {
  try {
    await bus.request(SERVICES.projectStore, pattern, payload, 10_000);
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error(`${pattern} answered`);
}

describe('project-store RPC payloads', () => {
  let conn: AmqpConnection;
  let bus: MessageBus;

  beforeAll(async () => {
    conn = await AmqpConnection.connect({ url: s.t.env.AMQP_URL, prefix: s.t.prefix, connectionName: `${s.t.prefix}-contract-test` });
    bus = new MessageBus(conn);
    await bus.init();
  });

  afterAll(async () => {
    await bus?.close();
    await conn?.close();
  });

  it('answers a payload its pattern does not take with invalid_payload and the problems, and keeps answering', async () => {
    const error = await rpcError(bus, PROJECT_RPC.get, { project_uuid: 42, extra: true });
    expect(error.code).toBe(ERROR_CODES.invalidPayload);
    expect((error.details as { problems: string[] }).problems.sort()).toEqual([
      'ctx: ctx should not be null or undefined',
      'extra: property extra should not exist',
      'project_uuid: project_uuid must be a string',
    ]);
    const list = await bus.request<{ count: number }>(SERVICES.projectStore, PROJECT_RPC.list, { ctx: { base_url: 'http://x' }, query: {}, request_url: 'http://x/api/projects/', page_size: 50 });
    expect(list.count).toBe(0);
  });

  it('answers a pattern it does not know with no_handler', async () => {
    expect((await rpcError(bus, 'projects.nothing', {})).code).toBe('no_handler');
  });
});
