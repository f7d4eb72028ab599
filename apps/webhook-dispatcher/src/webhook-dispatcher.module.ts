import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AmqpConnection, MessagingModule } from '@sca/messaging';
import { ObservabilityModule, databaseCheck, storageCheck, brokerCheck } from '@sca/observability';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { DeliverHandler } from './deliveries/deliver.handler';
import { DeliveryService } from './deliveries/delivery.service';
import { ClaimSweeper } from './deliveries/claim-sweeper';
import { outboxRelayProvider, WebhookDeliveryStore, pingDatabase } from '@sca/persistence';
import { PayloadBuilder } from './payload/payload-builder';
import { RunCompletedHandler } from './triggers/run-completed.handler';
import { TriggerService } from './triggers/trigger.service';

@Module({})
export class WebhookDispatcherModule {
  static create(config: WebhookDispatcherConfig, db: DataSource, storage: ObjectStorage): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: [
        MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'webhook-dispatcher' }),
        ObservabilityModule.forRoot({
          service: 'webhook-dispatcher',
          inject: [AmqpConnection],
          checks: (conn: AmqpConnection) => ({ database: databaseCheck(() => pingDatabase(db)), storage: storageCheck(storage), broker: brokerCheck(conn) }),
        }),
      ],
      controllers: [RunCompletedHandler, DeliverHandler],
      providers: [
        { provide: WebhookDispatcherConfig, useValue: config },
        { provide: DataSource, useValue: db },
        { provide: OBJECT_STORAGE, useValue: storage },
        // Claims older than WEBHOOK_CLAIM_SECONDS are taken over: their dispatcher died mid-attempt.
        { provide: WebhookDeliveryStore, useFactory: () => new WebhookDeliveryStore(db, config.WEBHOOK_CLAIM_SECONDS) },
        DeliveryService, PayloadBuilder, TriggerService, ClaimSweeper, outboxRelayProvider(config.OUTBOX_POLL_MS),
      ],
    };
  }
}
