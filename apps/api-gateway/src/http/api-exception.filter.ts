import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from './api-error';
import { allowedMethods } from './routes';

/**
 * The one place errors become responses: ApiError as given, unmatched routes as 404 or 405
 * with DRF's bodies, anything else a 500 that logs the stack under an error id and never
 * shows it.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (exception instanceof ApiError) {
      res.set(exception.headers).status(exception.status).json(exception.body);
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 404) {
      const methods = allowedMethods(req.path);
      if (methods.length > 0) {
        res.set('Allow', methods.join(', ')).status(405).json({ detail: `Method "${req.method}" not allowed.` });
      } else {
        res.status(404).json({ detail: 'Not found.' });
      }
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      res.status(exception.getStatus()).json({ detail: exception.message });
      return;
    }
    const errorId = randomUUID();
    this.logger.error(`error_id=${errorId} ${req.method} ${req.originalUrl}: ${(exception as Error)?.stack ?? String(exception)}`);
    res.status(500).json({ detail: 'A server error occurred.', error_id: errorId });
  }
}
