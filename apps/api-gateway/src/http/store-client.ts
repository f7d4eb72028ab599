import { Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, SERVICES } from '@sca/contracts';
import { MessageBus, RpcError, RpcTimeoutError } from '@sca/messaging';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from './api-error';

/** Calls project-store over RabbitMQ and turns its domain errors into ScanCode.io responses. */
@Injectable()
export class StoreClient {
  private readonly logger = new Logger(StoreClient.name);

  constructor(private readonly bus: MessageBus, private readonly config: GatewayConfig) {}

  async call<T>(pattern: string, payload: object): Promise<T> {
    try {
      return await this.bus.request<T>(SERVICES.projectStore, pattern, payload, this.config.RPC_TIMEOUT_MS);
    } catch (error) {
      throw this.toApiError(error);
    }
  }

  private toApiError(error: unknown): ApiError {
    if (error instanceof RpcTimeoutError) return new ApiError(504, { detail: 'The project store did not answer in time.' });
    if (!(error instanceof RpcError)) {
      this.logger.error(`RPC failure: ${(error as Error).stack ?? String(error)}`);
      return new ApiError(503, { detail: 'The project store is unavailable.' });
    }
    const details = (error.details ?? {}) as Record<string, unknown>;
    switch (error.code) {
      case ERROR_CODES.validation:
        return new ApiError(400, details);
      case ERROR_CODES.refused:
        return new ApiError(400, { status: error.message, ...details });
      case ERROR_CODES.notFound:
        return new ApiError(404, { detail: error.message });
      case ERROR_CODES.unauthorized:
        return new ApiError(401, { detail: error.message }, { 'WWW-Authenticate': 'Token' });
      default:
        return new ApiError(500, { detail: 'A server error occurred.', error_id: (details as { error_id?: string }).error_id ?? null });
    }
  }
}
