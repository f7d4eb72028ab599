import { Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES, ProjectRpcPattern, RpcReply, RpcRequest, SERVICES } from '@sca/contracts';
import { JsonBytes, MessageBus, RpcError, RpcTimeoutError } from '@sca/messaging';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from './api-error';

/**
 * Calls project-store over RabbitMQ and turns its domain errors into ScanCode.io responses. The
 * payload and the answer of each pattern are the contract's (libs/contracts project-rpc.ts).
 */
@Injectable()
export class StoreClient {
  private readonly logger = new Logger(StoreClient.name);

  constructor(private readonly bus: MessageBus, private readonly config: GatewayConfig) {}

  async call<P extends ProjectRpcPattern>(pattern: P, payload: RpcRequest<P>): Promise<RpcReply<P>> {
    try {
      return await this.bus.request<RpcReply<P>>(SERVICES.projectStore, pattern, payload, this.config.RPC_TIMEOUT_MS);
    } catch (error) {
      throw this.toApiError(pattern, error);
    }
  }

  /**
   * `call`, answered with the reply's JSON text unparsed: for an answer that goes to the client as
   * it is, so that the gateway neither parses nor writes out again what project-store wrote.
   */
  async callJson<P extends ProjectRpcPattern>(pattern: P, payload: RpcRequest<P>): Promise<JsonBytes<RpcReply<P>>> {
    try {
      return await this.bus.requestJson<RpcReply<P>>(SERVICES.projectStore, pattern, payload, this.config.RPC_TIMEOUT_MS);
    } catch (error) {
      throw this.toApiError(pattern, error);
    }
  }

  private toApiError(pattern: string, error: unknown): ApiError {
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
      case ERROR_CODES.invalidPayload:
        // This gateway sent what the pattern does not take: a bug here, not in the client's request.
        this.logger.error(`project-store refused the payload of ${pattern}: ${JSON.stringify(details)}`);
        return new ApiError(500, { detail: 'A server error occurred.', error_id: null });
      default:
        return new ApiError(500, { detail: 'A server error occurred.', error_id: (details as { error_id?: string }).error_id ?? null });
    }
  }
}
