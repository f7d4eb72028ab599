import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AmqpConnection, MessagingModule } from '@sca/messaging';
import { ObservabilityModule, databaseCheck, storageCheck, brokerCheck } from '@sca/observability';
import { createPipelineRegistry, PipelineRegistry } from '@sca/pipelines';
import { outboxRelayProvider, pingDatabase } from '@sca/persistence';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { ProjectStoreConfig } from './config/project-store.config';
import { ProjectViews } from './projects/project-views.service';
import { ProjectFileRoots } from './projects/project-file-roots';
import { ProjectsService } from './projects/projects.service';
import { ProjectsHandler } from './projects/projects.handler';
import { GlobalWebhook, parseGlobalWebhook } from './projects/global-webhook';
import { RunsService } from './runs/runs.service';
import { RunsHandler } from './runs/runs.handler';
import { RunSweeper } from './runs/run-sweeper';
import { MessagesService } from './records/messages.service';
import { FileContentService } from './records/file-content.service';
import { RecordsController } from './records/records.controller';
import { ApiKeysService } from './auth/api-keys.service';
import { AuthHandler } from './auth/auth.handler';
import { WebhooksService } from './webhooks/webhooks.service';
import { WebhooksHandler } from './webhooks/webhooks.handler';

export const PROJECT_STORE_CONFIG = Symbol('PROJECT_STORE_CONFIG');

@Module({})
export class ProjectStoreModule {
  static create(config: ProjectStoreConfig, db: DataSource, storage: ObjectStorage): DynamicModule {
    const dirs = (config.PIPELINES_DIRS ?? '').split(',').map((d) => d.trim()).filter(Boolean);
    return {
      module: ProjectStoreModule,
      imports: [
        MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'project-store' }),
        ObservabilityModule.forRoot({
          service: 'project-store',
          inject: [AmqpConnection],
          checks: (conn: AmqpConnection) => ({ database: databaseCheck(() => pingDatabase(db)), storage: storageCheck(storage), broker: brokerCheck(conn) }),
        }),
      ],
      controllers: [ProjectsHandler, RunsHandler, AuthHandler, RecordsController, WebhooksHandler],
      providers: [
        { provide: PROJECT_STORE_CONFIG, useValue: config },
        { provide: ProjectStoreConfig, useValue: config },
        { provide: DataSource, useValue: db },
        { provide: OBJECT_STORAGE, useValue: storage },
        { provide: PipelineRegistry, useValue: createPipelineRegistry(dirs) },
        { provide: GlobalWebhook, useValue: new GlobalWebhook(parseGlobalWebhook(config.GLOBAL_WEBHOOK)) },
        ProjectViews, ProjectFileRoots, ProjectsService, RunsService, RunSweeper, MessagesService, FileContentService, ApiKeysService,
        WebhooksService, outboxRelayProvider(config.OUTBOX_POLL_MS),
      ],
    };
  }
}
