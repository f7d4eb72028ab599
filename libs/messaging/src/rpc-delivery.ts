import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { AmqpContext } from './amqp-context';
import { NoHandlerError, type Delivery } from './delivery';
import { DomainError } from './errors';
import { JSON_CONTENT_TYPE, decodeJson, describeError, encodeJson, readAttempt } from './message-codec';
import type { RpcErrorBody, RpcReply } from './rpc-envelope';
import type { Dispatch } from './dispatch';

/**
 * An RPC request: run the handler, reply on the caller's reply-to, then ack. Every outcome, including
 * a malformed body or an unknown pattern, is answered with an error reply rather than dead-lettered:
 * the caller is waiting, and a dead letter nobody reads would only turn into its timeout.
 */
export async function handleRpcDelivery(d: Delivery, pattern: string, dispatch: Dispatch, logger: LoggerService): Promise<void> {
  const { replyTo, correlationId } = d.msg.properties as { replyTo?: string; correlationId?: string };
  let reply: RpcReply;
  const decoded = decodeJson(d.msg.content);
  if (!decoded.ok) {
    reply = { ok: false, error: { code: 'bad_request', message: decoded.error } };
  } else {
    const ctx = new AmqpContext('rpc', d.msg, readAttempt(d.msg), pattern, () => d.ack());
    try {
      reply = { ok: true, data: await dispatch(pattern, decoded.value, ctx) };
    } catch (err) {
      reply = { ok: false, error: toErrorBody(err, pattern, logger) };
    }
  }
  if (replyTo) {
    await d.publish('', replyTo, encodeJson(reply), { correlationId, contentType: JSON_CONTENT_TYPE });
  } else {
    logger.warn(`rpc ${pattern} arrived without reply-to; the result is dropped`);
  }
  d.ack();
}

/** Domain errors travel as they are; anything else is logged here and answered without its details. */
function toErrorBody(err: unknown, pattern: string, logger: LoggerService): RpcErrorBody {
  if (err instanceof DomainError) {
    return err.details === undefined ? { code: err.code, message: err.message } : { code: err.code, message: err.message, details: err.details };
  }
  if (err instanceof NoHandlerError) return { code: 'no_handler', message: err.message };
  const errorId = randomUUID();
  logger.error(`rpc ${pattern} failed [error id ${errorId}]: ${describeError(err)}`);
  return { code: 'internal', message: 'internal error', details: { error_id: errorId } };
}
