import { Catch, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Lets handler errors reach RabbitTransport unchanged. Nest's default RPC filter replaces every error
 * that is not an RpcException with a bare "Internal server error", so without this filter a work
 * message dead-letters with that text in `x-error` instead of the real message, and an RPC 'internal'
 * reply's error id cannot be matched to the real stack (Nest logs that separately).
 * Register it on the microservice only, e.g. `microservice.useGlobalFilters(new AmqpExceptionFilter())`:
 * it knows nothing about HTTP.
 */
@Catch()
export class AmqpExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}
