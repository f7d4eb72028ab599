import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, RpcError, type MessageBus } from '../src';
import { TestBroker } from './broker-fixture';

@Controller()
class EchoController {
  @MessagePattern('echo.value')
  value(@Payload() p: { value: unknown }): unknown {
    return p.value;
  }

  @MessagePattern('echo.refuse')
  refuse(): never {
    throw new DomainError('not_found', 'Nothing here.');
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('RPC answered as JSON bytes (requestJson)', () => {
  let broker: TestBroker;
  let bus: MessageBus;

  beforeAll(async () => {
    broker = await TestBroker.start('rpcjson');
    await broker.startService(EchoModule, { rpcService: 'echo' });
    ({ bus } = await broker.bus());
  });

  afterAll(async () => {
    await broker.cleanup({ rpc: ['echo'] });
  });

  it('answers the JSON text of the data, as request() would parse it', async () => {
    const value = { count: 1, results: [{ name: 'é "x"', n: 1.5, none: null }] };
    const bytes = await bus.requestJson<typeof value>('echo', 'echo.value', { value });
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(value));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(await bus.request('echo', 'echo.value', { value }));
  });

  it('rejects with the RpcError of an error reply', async () => {
    const err = await bus.requestJson('echo', 'echo.refuse', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ code: 'not_found', message: 'Nothing here.' });
  });
});
