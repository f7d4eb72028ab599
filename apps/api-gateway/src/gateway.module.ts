import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AmqpConnection, MessagingModule } from '@sca/messaging';
import { ObservabilityModule, storageCheck, brokerCheck } from '@sca/observability';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { GatewayConfig } from './config/gateway.config';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ApiRootController } from './http/api-root.controller';
import { AuthMiddleware } from './http/auth.middleware';
import { StoreClient } from './http/store-client';
import { ProjectBodyService } from './projects/project-body.service';
import { ProjectsController } from './projects/projects.controller';
import { ProjectActionsController } from './projects/project-actions.controller';
import { ProjectRecordsController } from './projects/project-records.controller';
import { ProjectSummaryController } from './projects/project-summary.controller';
import { ProjectOutputsController } from './projects/project-outputs.controller';
import { ProjectResultsController, ProjectsReportController } from './projects/project-results.controller';
import { ProjectWebhooksController } from './projects/project-webhooks.controller';
import { RunsController } from './runs/runs.controller';

@Module({})
export class GatewayModule implements NestModule {
  static create(config: GatewayConfig, storage: ObjectStorage): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'api-gateway' }),
        ObservabilityModule.forRoot({
          service: 'api-gateway',
          inject: [AmqpConnection],
          checks: (conn: AmqpConnection) => ({ storage: storageCheck(storage), broker: brokerCheck(conn) }),
        }),
      ],
      // The report route comes before ProjectsController so `report` is not read as a project uuid.
      controllers: [
        ApiRootController, ProjectsReportController, ProjectsController, ProjectActionsController, ProjectRecordsController,
        ProjectSummaryController, ProjectResultsController, ProjectOutputsController, ProjectWebhooksController, RunsController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: OBJECT_STORAGE, useValue: storage },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        StoreClient,
        ProjectBodyService,
        AuthMiddleware,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(AuthMiddleware).forRoutes('api', 'api/*path');
  }
}
