import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { loadConfig } from '@sca/config';
import { createLogger } from '@sca/observability';
import { S3ObjectStorage } from '@sca/storage';
import { GatewayConfig } from './config/gateway.config';
import { GatewayModule } from './gateway.module';

async function bootstrap(): Promise<void> {
  const config = loadConfig(GatewayConfig);
  const logger = createLogger('api-gateway', config.LOG_LEVEL, config.LOG_JSON);
  if (!config.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set (npm start runs a local S3 server and sets it)');
  const storage = new S3ObjectStorage({ endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, region: config.S3_REGION, bucket: config.S3_BUCKET });
  await storage.ensureBucket();
  // Bodies are read by the controllers: uploads must stream to storage, never be buffered.
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.create(config, storage), { logger, bodyParser: false });
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('json spaces', 0);
  app.enableShutdownHooks();
  const doc = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('ScanCode.io-compatible API').setVersion('1').addApiKey({ type: 'apiKey', name: 'Authorization', in: 'header' }, 'Token').build());
  SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/openapi.json' });
  await app.listen(config.PORT, config.HOST);
  logger.log(`api-gateway ready on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
