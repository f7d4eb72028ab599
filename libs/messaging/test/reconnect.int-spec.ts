import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import type { ChannelModel } from 'amqplib';
import { RpcError, topologyNames, type AmqpConnection, type AmqpContext, type MessageBus, type RabbitTransport } from '../src';
import { TestBroker, cutConnection, gate, waitFor } from './broker-fixture';

/** `${id}` or `${id}:redelivered` per handler call. */
const handled: string[] = [];
const held = gate();
const slowRpc = gate();

@Controller()
class EchoController {
  @EventPattern('echo.work')
  async work(@Payload() p: { id: string }, @Ctx() ctx: AmqpContext): Promise<void> {
    handled.push(ctx.redelivered ? `${p.id}:redelivered` : p.id);
    if (p.id === 'held' && !ctx.redelivered) await held.promise;
  }

  @MessagePattern('echo.ping')
  async ping(@Payload() p: { slow?: boolean }): Promise<string> {
    if (p.slow) await slowRpc.promise;
    return 'pong';
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('surviving a lost broker connection', () => {
  let broker: TestBroker;
  let bus: MessageBus;
  let busConn: AmqpConnection;
  let transport: RabbitTransport;
  let connects = 0;

  beforeAll(async () => {
    broker = await TestBroker.start('reconnect');
    ({ transport } = await broker.startService(EchoModule, { rpcService: 'echo', work: [{ name: 'echo.work', prefetch: 5 }] }));
    transport.on('connected', () => (connects += 1));
    ({ bus, conn: busConn } = await broker.bus());
  });

  afterAll(async () => {
    held.open();
    slowRpc.open();
    await broker.cleanup({ rpc: ['echo'], work: ['echo.work'] });
  });

  it('re-consumes after the consumer connection drops, redelivering what was in flight', async () => {
    await bus.sendWork('echo.work', { id: 'held' });
    await waitFor(() => handled.includes('held'), 'the held job');
    cutConnection(transport.unwrap<ChannelModel>());
    await waitFor(() => connects === 1, 'the transport to reconnect');
    // The unacked message comes back to the new consumer; the old handler's late ack goes nowhere.
    await waitFor(() => handled.includes('held:redelivered'), 'the redelivery');
    held.open();
    await bus.sendWork('echo.work', { id: 'after' });
    await waitFor(() => handled.includes('after'), 'a job sent after the reconnect');
    await expect(bus.request('echo', 'echo.ping', {})).resolves.toBe('pong');
  });

  it('redeclares and re-consumes a queue deleted under its consumer', async () => {
    await broker.deleteQueue(topologyNames.work(broker.prefix, 'echo.work').main);
    await waitFor(() => connects === 2, 'the transport to rebuild its topology');
    await bus.sendWork('echo.work', { id: 'recreated' });
    await waitFor(() => handled.includes('recreated'), 'a job in the recreated queue');
  });

  it('publishes through a reconnect of its own connection', async () => {
    cutConnection(busConn.channelModel);
    // Sent while the connection is down: waits for the reconnect, then for the broker's confirm.
    await bus.sendWork('echo.work', { id: 'during' });
    await waitFor(() => handled.includes('during'), 'the job sent during the reconnect');
    await expect(bus.request('echo', 'echo.ping', {})).resolves.toBe('pong');
  });

  it('rebuilds after the broker closes its publishing channel, and the publish still succeeds', async () => {
    await broker.deleteExchange(topologyNames.eventsExchange(broker.prefix));
    // Publishing to the missing exchange makes the broker close the channel (404); the bus reconnects,
    // declares the exchange again and publishes once more.
    await expect(bus.publishEvent('echo.happened', { id: 'x' })).resolves.toBeUndefined();
    await waitFor(() => busConn.isReady, 'the bus connection to be ready');
  });

  it('fails a pending request at once when its reply channel is lost', async () => {
    const pending = bus.request('echo', 'echo.ping', { slow: true }, 30_000);
    await waitFor(async () => (await broker.messageCount(topologyNames.rpcQueue(broker.prefix, 'echo'))) === 0, 'the request to be taken');
    cutConnection(busConn.channelModel);
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ code: 'unavailable' });
  });

  it('leaves no message behind', async () => {
    slowRpc.open();
    await transport.close();
    expect(await broker.messageCount(topologyNames.work(broker.prefix, 'echo.work').main)).toBe(0);
    expect(handled.filter((h) => h === 'held:redelivered')).toHaveLength(1);
  });
});
