import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig, serviceVersion } from '@sca/config';
import { WORK } from '@sca/contracts';
import { connectRabbitTransport, RabbitTransport } from '@sca/messaging';
import { createLogger } from '@sca/observability';
import { createDataSource } from '@sca/persistence';
import { storageFromSettings } from '@sca/storage';
import { RunnerConfig } from './config/runner.config';
import { RunnerModule } from './runner.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig(RunnerConfig);
  const logger = createLogger('pipeline-runner', config.LOG_LEVEL, config.LOG_JSON);
  const db = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'pipeline-runner' });
  await db.initialize();
  const storage = storageFromSettings(config);
  const app = await NestFactory.create(RunnerModule.create(config, db, storage, serviceVersion()), { logger, bodyParser: false });
  app.enableShutdownHooks();
  const transport = new RabbitTransport({
    url: config.AMQP_URL,
    prefix: config.AMQP_PREFIX,
    connectionName: 'pipeline-runner-consumer',
    work: [{ name: WORK.runExecute, prefetch: config.RUNNER_CONCURRENCY }],
    control: true,
  });
  connectRabbitTransport(app, transport);
  await app.startAllMicroservices();
  await app.listen(config.RUNNER_PORT, config.RUNNER_HOST);
  logger.log(`pipeline-runner ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
