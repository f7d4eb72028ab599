import type { LoggerService } from '@nestjs/common';
import { AmqpContext } from './amqp-context';
import type { Delivery } from './delivery';
import { NoHandlerError } from './delivery';
import { DomainError, PermanentError, RequeueError, RetryLaterError } from './errors';
import { ATTEMPTS_HEADER, ERROR_HEADER, decodeJson, errorText, readAttempt, republishOptions } from './message-codec';
import type { RetryableQueue } from './topology';
import type { Dispatch } from './dispatch';

export interface RetryPolicy {
  queues: RetryableQueue;
  /** Delay before attempt n+1 is delaysMs[n-1] (or a RetryLaterError's); after the last one, dead-letter. */
  delaysMs: readonly number[];
}

/**
 * Work and event deliveries: ack after the handler succeeds. A failure is re-published to the delay
 * queue with `x-attempts` + 1 (or to the dead queue with `x-error`) and only then is the original
 * acked, so the message always exists somewhere. No nack-requeue: that would spin a failing message
 * in a tight loop and lose the attempt count.
 */
export async function handleRetryableDelivery(
  d: Delivery,
  kind: 'work' | 'event',
  pattern: string,
  policy: RetryPolicy,
  dispatch: Dispatch,
  logger: LoggerService,
): Promise<void> {
  const attempt = readAttempt(d.msg);
  const decoded = decodeJson(d.msg.content);
  if (!decoded.ok) return deadLetter(d, policy, attempt, decoded.error, logger);
  const ctx = new AmqpContext(kind, d.msg, attempt, pattern, () => d.ack());
  try {
    await dispatch(pattern, decoded.value, ctx);
    d.ack();
  } catch (err) {
    const why = errorText(err);
    if (err instanceof RequeueError && !ctx.acked) {
      logger.log(`${pattern} on ${policy.queues.main} put back (attempt ${attempt} unchanged): ${why}`);
      await d.publish('', policy.queues.retry, d.msg.content, { ...republishOptions(d.msg, { [ATTEMPTS_HEADER]: attempt }), expiration: String(Math.max(0, Math.round(err.delayMs))) });
      d.ack();
      return;
    }
    // Early-acked: the handler owns the outcome, and running it again could repeat its effects.
    const permanent =
      err instanceof PermanentError || err instanceof DomainError || err instanceof NoHandlerError || ctx.acked;
    if (permanent || attempt > policy.delaysMs.length) return deadLetter(d, policy, attempt, why, logger);
    const delay = err instanceof RetryLaterError ? Math.max(0, Math.round(err.delayMs)) : policy.delaysMs[attempt - 1];
    logger.warn(`${pattern} on ${policy.queues.main} failed (attempt ${attempt}), retrying in ${delay} ms: ${why}`);
    await d.publish('', policy.queues.retry, d.msg.content, {
      ...republishOptions(d.msg, { [ATTEMPTS_HEADER]: attempt + 1 }),
      expiration: String(delay),
    });
    d.ack();
  }
}

async function deadLetter(d: Delivery, policy: RetryPolicy, attempt: number, why: string, logger: LoggerService): Promise<void> {
  logger.error(`dead-lettering ${d.msg.properties.type ?? '(no type)'} from ${policy.queues.main} after attempt ${attempt}: ${why}`);
  await d.publish('', policy.queues.dead, d.msg.content, republishOptions(d.msg, { [ERROR_HEADER]: why, [ATTEMPTS_HEADER]: attempt }));
  d.ack();
}
