import 'reflect-metadata';
import type { DynamicModule, INestApplication, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommonConfig, loadConfig } from '@sca/config';
import { connectRabbitTransport, RabbitTransport, type RabbitTransportOptions } from '@sca/messaging';
import { createLogger } from '@sca/observability';

/** Something a service opened before Nest started (a database pool): closed after the app. */
export type Closer = () => Promise<void>;

export interface ServiceSpec<C extends CommonConfig> {
  /** The service's name: logs, connection names. */
  name: string;
  /** Its validated settings class (every setting comes from here, never from process.env). */
  config: new () => C;
  /** Builds what the module needs (database, storage...) and the module itself. */
  setup(config: C, logger: LoggerService, closeLater: (closer: Closer) => void): Promise<DynamicModule>;
  /** The broker consumers, when the service has any. */
  transport?(config: C): Omit<RabbitTransportOptions, 'url' | 'prefix'>;
  /** Where its HTTP server listens (health, metrics, internal or public API). */
  listen(config: C): { port: number; host: string };
  /** Adjusts the app before it listens (Express settings, OpenAPI). */
  configure?(app: INestApplication, config: C): void;
}

/**
 * The one start-up of every service: validated config, JSON logger, what `setup` opens, the Nest
 * app with its broker transport, then listening. SIGTERM and SIGINT close the app (its shutdown
 * hooks: runs handed back, outbox drained, broker channels closed), then what `setup` opened,
 * then exit 0; a second signal exits at once. A failed start prints the reason and exits 1.
 */
export function bootstrapService<C extends CommonConfig>(spec: ServiceSpec<C>): void {
  start(spec).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}

async function start<C extends CommonConfig>(spec: ServiceSpec<C>): Promise<void> {
  const config = loadConfig(spec.config);
  const logger = createLogger(spec.name, config.LOG_LEVEL, config.LOG_JSON);
  const closers: Closer[] = [];
  const module = await spec.setup(config, logger, (c) => closers.unshift(c));
  const app = await NestFactory.create(module, { logger, bodyParser: false });
  spec.configure?.(app, config);
  if (spec.transport) {
    const transport = new RabbitTransport({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, connectionName: `${spec.name}-consumer`, ...spec.transport(config) });
    connectRabbitTransport(app, transport);
    await app.startAllMicroservices();
  }
  const { port, host } = spec.listen(config);
  await app.listen(port, host);
  logger.log(`${spec.name} ready on ${await app.getUrl()}`);
  onShutdownSignal(logger, async () => {
    await app.close();
    for (const close of closers) await close().catch((e: Error) => logger.warn(`while closing: ${e.message}`));
  });
}

function onShutdownSignal(logger: LoggerService, shutdown: () => Promise<void>): void {
  let closing = false;
  const handle = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.log(`${signal}: shutting down`);
    shutdown().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error(`shutdown failed: ${(e as Error)?.message ?? e}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handle);
  process.once('SIGINT', handle);
}
