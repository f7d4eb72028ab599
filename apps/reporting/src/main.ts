import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { MessagingModule } from '@sca/messaging';
import { createLogger, ObservabilityModule } from '@sca/observability';
import { ReportingConfig } from './config/reporting.config';

/**
 * The reporting service: connected to the broker, with health and metrics. Its features
 * (results, downloads, reports and compliance) are added by their own issue.
 */
async function bootstrap(): Promise<void> {
  const config = loadConfig(ReportingConfig);
  const logger = createLogger('reporting', config.LOG_LEVEL, config.LOG_JSON);

  @Module({
    imports: [
      MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'reporting' }),
      ObservabilityModule.forRoot({ service: 'reporting', checks: () => ({}) }),
    ],
  })
  class ReportingModule {}

  const app = await NestFactory.create(ReportingModule, { logger, bodyParser: false });
  app.enableShutdownHooks();
  await app.listen(config.REPORTING_PORT, config.REPORTING_HOST);
  logger.log(`reporting ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
