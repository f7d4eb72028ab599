import { Logger, type Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessageBus, OutboxRelay } from '@sca/messaging';
import { PgOutboxSource } from './outbox-store';

/** The outbox relay of a service: started with the app, drained once more at shutdown. */
export function outboxRelayProvider(pollMs: number): Provider {
  return {
    provide: OutboxRelay,
    useFactory: (db: DataSource, bus: MessageBus) => new OutboxRelay(new PgOutboxSource(db), bus, new Logger(OutboxRelay.name), pollMs),
    inject: [DataSource, MessageBus],
  };
}
