import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@sca/config';
import { createLogger } from '@sca/observability';
import { createDataSource } from '@sca/persistence';
import { loadServicePolicies } from '@sca/policies';
import { storageFromSettings } from '@sca/storage';
import { ReportingConfig } from './config/reporting.config';
import { ReportingModule } from './reporting.module';

/** The reporting service: results, downloads, the XLSX report and compliance, read-only on the database. */
async function bootstrap(): Promise<void> {
  const config = loadConfig(ReportingConfig);
  const logger = createLogger('reporting', config.LOG_LEVEL, config.LOG_JSON);
  // A bad POLICIES_FILE stops the service at start, as it stops the runner.
  const policies = loadServicePolicies(config.POLICIES_FILE);
  const db = createDataSource({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'reporting' });
  await db.initialize();
  const storage = storageFromSettings(config);
  await storage.ensureBucket();
  const app = await NestFactory.create(ReportingModule.create(config, db, storage, policies), { logger, bodyParser: false });
  app.enableShutdownHooks();
  await app.listen(config.REPORTING_PORT, config.REPORTING_HOST);
  logger.log(`reporting ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
