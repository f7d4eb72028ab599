import { Inject, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessageBus, MessagingModule, topologyNames } from '../src';
import { TestBroker } from './broker-fixture';

/** A feature service, as an app would write one: it only sees the injected bus. */
@Injectable()
class Notifier {
  constructor(@Inject(MessageBus) readonly bus: MessageBus) {}

  notify(id: string): Promise<void> {
    return this.bus.sendWork('notify.send', { id });
  }
}

describe('MessagingModule', () => {
  let broker: TestBroker;

  beforeAll(async () => {
    broker = await TestBroker.start('module');
  });

  afterAll(() => broker.cleanup({ work: ['notify.send'] }));

  it.each([
    ['forRoot', () => MessagingModule.forRoot({ url: broker.url, prefix: broker.prefix })],
    ['forRootAsync', () => MessagingModule.forRootAsync({ useFactory: async () => ({ url: broker.url, prefix: broker.prefix }) })],
  ])('%s provides a ready MessageBus and closes it with the app', async (_name, messaging) => {
    @Module({ imports: [messaging()], providers: [Notifier] })
    class AppModule {}

    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const notifier = app.get(Notifier);
    await notifier.notify('n1');
    const msg = await broker.takeMessage(topologyNames.work(broker.prefix, 'notify.send').main);
    expect(JSON.parse(msg.content.toString())).toEqual({ id: 'n1' });
    expect(msg.properties).toMatchObject({ type: 'notify.send', deliveryMode: 2, contentType: 'application/json' });

    await app.close();
    await expect(notifier.notify('n2')).rejects.toThrow('message bus is closed');
  });
});
