export * from './health.controller';
export * from './observability.module';
export * from './json-logger';
export * from './health-checks';
