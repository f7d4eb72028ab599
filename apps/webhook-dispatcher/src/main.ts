import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { MessagingModule } from '@sca/messaging';
import { createLogger, ObservabilityModule } from '@sca/observability';
import { WebhookDispatcherConfig } from './config/webhook-dispatcher.config';

/**
 * The webhook-dispatcher service: connected to the broker, with health and metrics. Its features
 * (webhook deliveries) are added by their own issue.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig(WebhookDispatcherConfig);
  const logger = createLogger('webhook-dispatcher', config.LOG_LEVEL, config.LOG_JSON);

  @Module({
    imports: [
      MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'webhook-dispatcher' }),
      ObservabilityModule.forRoot({ service: 'webhook-dispatcher', checks: () => ({}) }),
    ],
  })
  class WebhookDispatcherModule {}

  const app = await NestFactory.create(WebhookDispatcherModule, { logger, bodyParser: false });
  app.enableShutdownHooks();
  await app.listen(config.WEBHOOK_DISPATCHER_PORT, config.WEBHOOK_DISPATCHER_HOST);
  logger.log(`webhook-dispatcher ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
