import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { WORK } from '@sca/contracts';
import { AmqpExceptionFilter, RabbitTransport } from '@sca/messaging';
import { createLogger } from '@sca/observability';
import { createDataSource } from '@sca/persistence';
import { S3ObjectStorage } from '@sca/storage';
import { RunnerConfig } from './config/runner.config';
import { RunnerModule } from './runner.module';
import { version } from './version';

async function bootstrap(): Promise<void> {
  const config = loadConfig(RunnerConfig);
  const logger = createLogger('pipeline-runner', config.LOG_LEVEL, config.LOG_JSON);
  if (!config.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set (npm start runs a local S3 server and sets it)');
  const db = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'pipeline-runner' });
  await db.initialize();
  const storage = new S3ObjectStorage({ endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, region: config.S3_REGION, bucket: config.S3_BUCKET });
  const app = await NestFactory.create(RunnerModule.create(config, db, storage, version()), { logger, bodyParser: false });
  app.enableShutdownHooks();
  const transport = new RabbitTransport({
    url: config.AMQP_URL,
    prefix: config.AMQP_PREFIX,
    connectionName: 'pipeline-runner-consumer',
    work: [{ name: WORK.runExecute, prefetch: config.RUNNER_CONCURRENCY }],
    control: true,
  });
  const micro = app.connectMicroservice({ strategy: transport }, { inheritAppConfig: false });
  micro.useGlobalFilters(new AmqpExceptionFilter());
  await app.startAllMicroservices();
  await app.listen(config.RUNNER_PORT, config.RUNNER_HOST);
  logger.log(`pipeline-runner ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
