import { DynamicModule, InjectionToken, Module } from '@nestjs/common';
import { collectDefaultMetrics, register } from 'prom-client';
import { HEALTH_CHECKS, HealthChecks, HealthController } from './health.controller';

export interface ObservabilityOptions {
  service: string;
  /** Providers the checks need (a class token may have a private constructor, as AmqpConnection does). */
  inject?: InjectionToken[];
  checks: (...deps: never[]) => HealthChecks;
}

/** /health, /health/live and Prometheus /metrics for one service. */
@Module({})
export class ObservabilityModule {
  static forRoot(opts: ObservabilityOptions): DynamicModule {
    if (!register.getSingleMetric('process_cpu_user_seconds_total')) {
      register.setDefaultLabels({ service: opts.service });
      collectDefaultMetrics();
    }
    return {
      module: ObservabilityModule,
      controllers: [HealthController],
      providers: [{ provide: HEALTH_CHECKS, useFactory: opts.checks, inject: opts.inject ?? [] }],
    };
  }
}
