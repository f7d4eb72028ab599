import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AmqpConnection, MessagingModule } from '@sca/messaging';
import { ObservabilityModule, databaseCheck, brokerCheck, storageCheck } from '@sca/observability';
import { createPipelineRegistry, PipelineRegistry } from '@sca/pipelines';
import { FetchPolicy, parseAllowedHosts } from '@sca/fetch';
import { loadServicePolicies } from '@sca/policies';
import { OBJECT_STORAGE, ObjectStorage } from '@sca/storage';
import { RunnerConfig } from './config/runner.config';
import { SERVICE_POLICIES } from './config/service-policies';
import { RunExecutor, RUNNER_VERSION } from './execution/run-executor.service';
import { FETCH_POLICY, StepRunner } from './execution/step-runner';
import { StopRegistry } from './execution/stop-registry';
import { RunHandler } from './execution/run.handler';
import { RunnerMetrics } from './execution/runner-metrics';
import { DependencyWaiter } from './execution/dependency-waiter';
import { RunnerShutdown } from './execution/runner-shutdown';
import { outboxRelayProvider, pingDatabase } from '@sca/persistence';

@Module({})
export class RunnerModule {
  static create(config: RunnerConfig, db: DataSource, storage: ObjectStorage, version: string): DynamicModule {
    const fetchPolicy: FetchPolicy = { allowedHosts: parseAllowedHosts(config.FETCH_ALLOWED_HOSTS), maxBytes: config.FETCH_MAX_BYTES, timeoutMs: config.FETCH_TIMEOUT_MS };
    const dirs = (config.PIPELINES_DIRS ?? '').split(',').map((d) => d.trim()).filter(Boolean);
    // Here, at start: a bad POLICIES_FILE stops the runner before it takes any run.
    const servicePolicies = loadServicePolicies(config.POLICIES_FILE);
    return {
      module: RunnerModule,
      imports: [
        MessagingModule.forRoot({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: 'pipeline-runner' }),
        ObservabilityModule.forRoot({
          service: 'pipeline-runner',
          inject: [AmqpConnection],
          checks: (conn: AmqpConnection) => ({ database: databaseCheck(() => pingDatabase(db)), storage: storageCheck(storage), broker: brokerCheck(conn) }),
        }),
      ],
      controllers: [RunHandler],
      providers: [
        { provide: RunnerConfig, useValue: config },
        { provide: DataSource, useValue: db },
        { provide: OBJECT_STORAGE, useValue: storage },
        { provide: PipelineRegistry, useValue: createPipelineRegistry(dirs) },
        { provide: FETCH_POLICY, useValue: fetchPolicy },
        { provide: RUNNER_VERSION, useValue: version },
        { provide: SERVICE_POLICIES, useValue: servicePolicies },
        outboxRelayProvider(config.OUTBOX_POLL_MS),
        StopRegistry, StepRunner, RunExecutor, RunnerMetrics, DependencyWaiter, RunnerShutdown,
      ],
    };
  }
}
