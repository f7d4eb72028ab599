import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { EVENTS, WORK } from '@sca/contracts';
import { connectRabbitTransport, RabbitTransport } from '@sca/messaging';
import { createLogger } from '@sca/observability';
import { createDataSource } from '@sca/persistence';
import { storageFromSettings } from '@sca/storage';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';
import { WebhookDispatcherModule } from './webhook-dispatcher.module';

/**
 * The webhook-dispatcher: turns `run.completed` events into deliveries and sends each one on the
 * `webhook.deliver` work queue, signed, retried with backoff, every attempt logged.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig(WebhookDispatcherConfig);
  const logger = createLogger('webhook-dispatcher', config.LOG_LEVEL, config.LOG_JSON);
  const db = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'webhook-dispatcher' });
  await db.initialize();
  const storage = storageFromSettings(config);
  const app = await NestFactory.create(WebhookDispatcherModule.create(config, db, storage), { logger, bodyParser: false });
  app.enableShutdownHooks();
  // The delays here only bound the attempt count: each retry's wait comes from RetryLaterError.
  const retryDelaysMs = Array.from({ length: config.WEBHOOK_MAX_ATTEMPTS - 1 }, () => config.WEBHOOK_RETRY_BASE_MS);
  const transport = new RabbitTransport({
    url: config.AMQP_URL,
    prefix: config.AMQP_PREFIX,
    connectionName: 'webhook-dispatcher-consumer',
    work: [{ name: WORK.webhookDeliver, prefetch: config.WEBHOOK_CONCURRENCY, retryDelaysMs }],
    events: { queue: 'webhook-dispatcher', bindings: [EVENTS.runCompleted] },
  });
  connectRabbitTransport(app, transport);
  await app.startAllMicroservices();
  await app.listen(config.WEBHOOK_DISPATCHER_PORT, config.WEBHOOK_DISPATCHER_HOST);
  logger.log(`webhook-dispatcher ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
