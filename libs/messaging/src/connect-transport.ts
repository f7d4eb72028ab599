import type { INestApplication, INestMicroservice } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { AmqpExceptionFilter } from './amqp-exception.filter';
import type { RabbitTransport } from './rabbit-transport';

/**
 * Connects the RabbitMQ transport to a hybrid (HTTP + broker) app with AmqpExceptionFilter in
 * place. Nest initialises a connected microservice at once, after which `useGlobalFilters` is
 * ignored ("registration must occur before initialization") and every error a handler throws
 * reaches the transport as Nest's anonymous "Internal server error". Deferring the
 * initialisation lets the filter register first; the app runs the module init hooks itself, so
 * the microservice must not run them a second time.
 */
export function connectRabbitTransport(app: INestApplication, transport: RabbitTransport): INestMicroservice {
  const micro = app.connectMicroservice<MicroserviceOptions>({ strategy: transport }, { inheritAppConfig: false, deferInitialization: true });
  micro.useGlobalFilters(new AmqpExceptionFilter());
  (micro as unknown as { setIsInitHookCalled(value: boolean): void }).setIsInitHookCalled(true);
  return micro;
}
