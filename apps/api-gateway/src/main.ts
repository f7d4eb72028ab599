import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { loadConfig } from '@sca/config';
import { createLogger } from '@sca/observability';
import { storageFromSettings } from '@sca/storage';
import { GatewayConfig } from './config/gateway.config';
import { GatewayModule } from './gateway.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  const logger = createLogger('api-gateway', config.LOG_LEVEL, config.LOG_JSON);
  const storage = storageFromSettings(config);
  await storage.ensureBucket();
  // Bodies are read by the controllers: uploads must stream to storage, never be buffered.
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.create(config, storage), { logger, bodyParser: false });
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('json spaces', 0);
  app.enableShutdownHooks();
  // No total time per request (Node's default is 300 s, which cut large uploads on slow links): a
  // body is bounded by idle time instead (UPLOAD_IDLE_TIMEOUT_SECONDS, see http/body-guard.ts).
  // Headers keep Node's own headersTimeout.
  (app.getHttpServer() as Server).requestTimeout = 0;
  const doc = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('ScanCode.io-compatible API').setVersion('1').addApiKey({ type: 'apiKey', name: 'Authorization', in: 'header' }, 'Token').build());
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/openapi.json' });
  await app.listen(config.PORT, config.HOST);
  logger.log(`api-gateway ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
