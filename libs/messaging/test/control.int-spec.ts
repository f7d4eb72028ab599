import { Controller, Inject, Module, type DynamicModule } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { topologyNames, type AmqpContext, type MessageBus } from '../src';
import { TestBroker, waitFor } from './broker-fixture';

const RUNNER_NAME = Symbol('RUNNER_NAME');
/** `${runner}:${run}` for every stop request a runner saw. */
const stops: string[] = [];

@Controller()
class StopController {
  constructor(@Inject(RUNNER_NAME) private readonly runner: string) {}

  @EventPattern('run.stop')
  stop(@Payload() p: { run: string }, @Ctx() ctx: AmqpContext): void {
    stops.push(`${this.runner}:${p.run}:${ctx.kind}`);
  }
}

/** The same runner code started twice, as two processes would be. */
@Module({})
class RunnerModule {
  static named(name: string): DynamicModule {
    return { module: RunnerModule, controllers: [StopController], providers: [{ provide: RUNNER_NAME, useValue: name }] };
  }
}

describe('control fanout', () => {
  let broker: TestBroker;
  let bus: MessageBus;

  beforeAll(async () => {
    broker = await TestBroker.start('control');
    await broker.startService(RunnerModule.named('runner-1'), { control: true });
    await broker.startService(RunnerModule.named('runner-2'), { control: true });
    ({ bus } = await broker.bus());
  });

  // Control queues are exclusive: they vanish with their connections; only the exchanges remain.
  afterAll(() => broker.cleanup({}));

  it('reaches every live transport', async () => {
    await bus.broadcast('run.stop', { run: 'r1' });
    await waitFor(() => stops.length === 2, 'both runners');
    expect(stops.sort()).toEqual(['runner-1:r1:control', 'runner-2:r1:control']);
  });

  it('ignores kinds a process has no handler for and malformed bodies, and keeps consuming', async () => {
    await bus.broadcast('cache.flush', {});
    await broker.publishRaw(topologyNames.controlExchange(broker.prefix), '', Buffer.from('not json'), { type: 'run.stop' });
    await bus.broadcast('run.stop', { run: 'r2' });
    await waitFor(() => stops.length === 4, 'the next stop request');
    expect(stops.slice(2).sort()).toEqual(['runner-1:r2:control', 'runner-2:r2:control']);
  });
});
