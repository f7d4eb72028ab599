import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { AmqpConnection } from './amqp-connection';
import { MessageBus } from './message-bus';
import type { MessagingOptions } from './messaging-options';

export const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');

export interface MessagingModuleAsyncOptions {
  imports?: DynamicModule['imports'];
  inject?: (string | symbol | (abstract new (...args: never[]) => unknown))[];
  useFactory: (...args: never[]) => MessagingOptions | Promise<MessagingOptions>;
}

/** Closes the bus before its connection, after the app stops taking requests. */
@Injectable()
class MessagingShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(AmqpConnection) private readonly conn: AmqpConnection,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    await this.conn.close();
  }
}

const sharedProviders = [
  {
    provide: AmqpConnection,
    useFactory: (opts: MessagingOptions) => AmqpConnection.connect(opts),
    inject: [MESSAGING_OPTIONS],
  },
  {
    provide: MessageBus,
    useFactory: async (conn: AmqpConnection) => {
      const bus = new MessageBus(conn);
      await bus.init();
      return bus;
    },
    inject: [AmqpConnection],
  },
  MessagingShutdown,
];

/**
 * Provides a connected, initialised MessageBus (and its AmqpConnection) to the whole app. Global,
 * because any feature module may publish; one connection per app is what RabbitMQ recommends.
 */
@Module({})
export class MessagingModule {
  static forRoot(opts: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [{ provide: MESSAGING_OPTIONS, useValue: opts }, ...sharedProviders],
      exports: [MessageBus, AmqpConnection],
    };
  }

  /** For options that come from the app's validated config (ARCHITECTURE.md §9). */
  static forRootAsync(opts: MessagingModuleAsyncOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      imports: opts.imports ?? [],
      providers: [{ provide: MESSAGING_OPTIONS, useFactory: opts.useFactory, inject: opts.inject ?? [] }, ...sharedProviders],
      exports: [MessageBus, AmqpConnection],
    };
  }
}
