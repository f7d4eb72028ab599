import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { EVENTS, SERVICES } from '@sca/contracts';
import { connectRabbitTransport, RabbitTransport } from '@sca/messaging';
import { createLogger } from '@sca/observability';
import { DEVELOPMENT_API_KEY_PEPPER, ProjectStoreConfig } from './config/project-store.config';
import { ProjectStoreModule } from './project-store.module';
import { connectDatabase, createStorage } from './infrastructure';

async function bootstrap(): Promise<void> {
  const config = loadConfig(ProjectStoreConfig);
  const logger = createLogger('project-store', config.LOG_LEVEL, config.LOG_JSON);
  if (config.API_KEY_PEPPER === DEVELOPMENT_API_KEY_PEPPER) logger.warn('API_KEY_PEPPER is the development default: set a secret of your own outside development.');
  const db = await connectDatabase(config, 'project-store', true);
  const storage = createStorage(config);
  await storage.ensureBucket();
  const app = await NestFactory.create(ProjectStoreModule.create(config, db, storage), { logger, bodyParser: false });
  app.enableShutdownHooks();
  const transport = new RabbitTransport({
    url: config.AMQP_URL,
    prefix: config.AMQP_PREFIX,
    connectionName: 'project-store-consumer',
    rpcService: SERVICES.projectStore,
    events: { queue: SERVICES.projectStore, bindings: [EVENTS.runCompleted] },
  });
  connectRabbitTransport(app, transport);
  await app.startAllMicroservices();
  await app.listen(config.PROJECT_STORE_PORT, config.PROJECT_STORE_HOST);
  logger.log(`project-store ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
