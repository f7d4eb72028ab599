import { Controller, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern } from '@nestjs/microservices';
import { connectRabbitTransport, ERROR_HEADER, RabbitTransport, topologyNames, type MessageBus } from '../src';
import { TestBroker, waitFor } from './broker-fixture';

let initCalls = 0;

@Injectable()
class InitCounter implements OnModuleInit {
  onModuleInit(): void {
    initCalls++;
  }
}

@Controller()
class FailingController {
  @EventPattern('hybrid.job')
  run(): void {
    throw new Error('the real reason');
  }
}

@Module({ controllers: [FailingController], providers: [InitCounter] })
class HybridModule {}

describe('connectRabbitTransport (HTTP app plus broker, as the services run)', () => {
  let broker: TestBroker;
  let bus: MessageBus;
  let app: Awaited<ReturnType<typeof NestFactory.create>>;

  beforeAll(async () => {
    broker = await TestBroker.start('hybrid');
    app = await NestFactory.create(HybridModule, { logger: false });
    const transport = new RabbitTransport({ url: broker.url, prefix: broker.prefix, work: [{ name: 'hybrid.job', prefetch: 1, retryDelaysMs: [] }] });
    connectRabbitTransport(app, transport);
    await app.startAllMicroservices();
    await app.init();
    ({ bus } = await broker.bus());
  });

  afterAll(async () => {
    await app.close();
    await broker.cleanup({ work: ['hybrid.job'] });
  });

  it("lets a handler's real error reach the dead-letter header", async () => {
    await bus.sendWork('hybrid.job', {});
    const dead = await broker.takeMessage(topologyNames.work(broker.prefix, 'hybrid.job').dead);
    expect(dead.properties.headers?.[ERROR_HEADER]).toBe('the real reason');
  });

  it('runs the module init hooks once', async () => {
    await waitFor(() => initCalls > 0, 'init hooks');
    expect(initCalls).toBe(1);
  });
});
