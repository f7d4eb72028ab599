import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { bootstrapService } from '@sca/service';
import { storageFromSettings } from '@sca/storage';
import { GatewayConfig } from './config/gateway.config';
import { GatewayModule } from './gateway.module';

bootstrapService({
  name: 'api-gateway',
  config: GatewayConfig,
  async setup(config) {
    const storage = storageFromSettings(config);
    await storage.ensureBucket();
    return GatewayModule.create(config, storage);
  },
  listen: (config) => ({ port: config.PORT, host: config.HOST }),
  configure(nest, config) {
    const app = nest as NestExpressApplication;
    app.set('trust proxy', config.TRUST_PROXY);
    app.set('json spaces', 0);
    // No total time per request (Node's default is 300 s, which cut large uploads on slow links): a
    // body is bounded by idle time instead (UPLOAD_IDLE_TIMEOUT_SECONDS, see http/body-guard.ts).
    // Headers keep Node's own headersTimeout.
    (app.getHttpServer() as Server).requestTimeout = 0;
    const doc = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('ScanCode.io-compatible API').setVersion('1').addApiKey({ type: 'apiKey', name: 'Authorization', in: 'header' }, 'Token').build());
    SwaggerModule.setup('api/docs', app, doc, { jsonDocumentUrl: 'api/openapi.json' });
  },
});
