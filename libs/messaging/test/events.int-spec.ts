import { Controller, Module } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { ERROR_HEADER, topologyNames, type AmqpContext, type MessageBus } from '../src';
import { TestBroker, waitFor } from './broker-fixture';

interface RunEvent {
  run: string;
}

/** `${service}:${routing key}:${run}` for every handled event. */
const received: string[] = [];
let failuresLeft = 1;

/** Two services, each with its own queue: both must see every event they bind to. */
@Controller()
class AuditController {
  /** Records the AMQP properties themselves: `type` must be the routing key, delivery persistent. */
  @EventPattern('run.completed')
  completed(@Payload() e: RunEvent, @Ctx() ctx: AmqpContext): void {
    const { type, deliveryMode } = ctx.getMessage().properties as { type?: string; deliveryMode?: number };
    received.push(`audit:${type}:${e.run}${deliveryMode === 2 ? '' : ':transient'}`);
  }

  @EventPattern('run.started')
  started(@Payload() e: RunEvent, @Ctx() ctx: AmqpContext): void {
    received.push(`audit:${ctx.pattern}:${e.run}`);
  }
}

@Controller()
class HooksController {
  @EventPattern('run.completed')
  completed(@Payload() e: RunEvent, @Ctx() ctx: AmqpContext): void {
    if (e.run === 'flaky' && failuresLeft-- > 0) throw new Error('webhook target down');
    received.push(`hooks:${ctx.pattern}:${e.run}:attempt ${ctx.attempt}`);
  }
}

@Module({ controllers: [AuditController] })
class AuditModule {}

@Module({ controllers: [HooksController] })
class HooksModule {}

describe('events on the topic exchange', () => {
  let broker: TestBroker;
  let bus: MessageBus;

  beforeAll(async () => {
    broker = await TestBroker.start('events');
    await broker.startService(AuditModule, { events: { queue: 'audit', bindings: ['run.*'] } });
    await broker.startService(HooksModule, { events: { queue: 'hooks', bindings: ['run.completed'], retryDelaysMs: [20] } });
    ({ bus } = await broker.bus());
  });

  afterAll(() => broker.cleanup({ events: ['audit', 'hooks'] }));

  it('delivers one event to every subscribed service queue', async () => {
    await bus.publishEvent('run.completed', { run: 'r1' });
    await waitFor(() => received.length === 2, 'both services');
    expect(received.sort()).toEqual(['audit:run.completed:r1', 'hooks:run.completed:r1:attempt 1']);
  });

  it('routes by binding: a service only gets the keys it bound', async () => {
    await bus.publishEvent('run.started', { run: 'r2' });
    await waitFor(() => received.includes('audit:run.started:r2'), 'the audit service');
    expect(received.filter((r) => r.startsWith('hooks')).length).toBe(1);
  });

  it('retries a failed event handler through the retry queue', async () => {
    await bus.publishEvent('run.completed', { run: 'flaky' });
    await waitFor(() => received.includes('hooks:run.completed:flaky:attempt 2'), 'the retried event');
  });

  it('dead-letters an event type the service has no handler for (wildcard binding)', async () => {
    await bus.publishEvent('run.progressed', { run: 'r3' });
    const dead = await broker.takeMessage(topologyNames.events(broker.prefix, 'audit').dead);
    expect(dead.properties.headers).toMatchObject({ [ERROR_HEADER]: 'no handler for run.progressed' });
  });
});
