import type { LoggerService } from '@nestjs/common';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { AmqpContext, type DeliveryKind } from './amqp-context';
import { Delivery, NoHandlerError } from './delivery';
import type { Dispatch } from './dispatch';
import { decodeJson, describeError, readAttempt } from './message-codec';
import { handleRetryableDelivery, type RetryPolicy } from './retryable-delivery';
import { handleRpcDelivery } from './rpc-delivery';

export interface ConsumerSpec {
  kind: DeliveryKind;
  queue: string;
  prefetch: number;
  /** Where work and event failures go; required for those kinds. */
  retry?: RetryPolicy;
  /** Pattern for a message that carries no AMQP `type`. */
  defaultPattern?: (msg: ConsumeMessage) => string | undefined;
}

/**
 * Consumes one queue on its own channel (so prefetch and failures stay per queue) with manual acks.
 * Every delivery's promise is kept in `inFlight` until settled, so shutdown can wait for handlers.
 */
export class QueueConsumer {
  private consumerTag: string | null = null;

  constructor(
    private readonly spec: ConsumerSpec,
    private readonly ch: ConfirmChannel,
    private readonly dispatch: Dispatch,
    private readonly inFlight: Set<Promise<void>>,
    private readonly logger: LoggerService,
    private readonly onCancelledByBroker: (reason: string) => void,
  ) {}

  async start(): Promise<void> {
    await this.ch.prefetch(this.spec.prefetch);
    const { consumerTag } = await this.ch.consume(this.spec.queue, (msg) => this.onMessage(msg), { noAck: false });
    this.consumerTag = consumerTag;
  }

  /** Stops new deliveries; those in flight finish (and ack) on the still-open channel. */
  async stop(): Promise<void> {
    const tag = this.consumerTag;
    this.consumerTag = null;
    if (!tag) return;
    try {
      await this.ch.cancel(tag);
    } catch {
      // The channel is already gone, and with it the consumer.
    }
  }

  private onMessage(msg: ConsumeMessage | null): void {
    if (!msg) {
      // The broker cancelled the consumer (its queue was deleted): redeclare and re-consume.
      this.onCancelledByBroker(`the broker cancelled the consumer of ${this.spec.queue}`);
      return;
    }
    const running = this.handle(new Delivery(msg, this.ch)).catch((err: unknown) =>
      // Typically the channel died mid-way; the unacked message is redelivered.
      this.logger.error(`could not settle a delivery from ${this.spec.queue}: ${describeError(err)}`),
    );
    this.inFlight.add(running);
    void running.finally(() => this.inFlight.delete(running));
  }

  private async handle(d: Delivery): Promise<void> {
    const pattern = d.msg.properties.type ?? this.spec.defaultPattern?.(d.msg) ?? '';
    const kind = this.spec.kind;
    switch (kind) {
      case 'rpc':
        return handleRpcDelivery(d, pattern, this.dispatch, this.logger);
      case 'work':
      case 'event':
        if (!this.spec.retry) throw new Error(`${kind} consumer of ${this.spec.queue} has no retry policy`);
        return handleRetryableDelivery(d, kind, pattern, this.spec.retry, this.dispatch, this.logger);
      case 'control':
        return this.handleControl(d, pattern);
    }
  }

  /**
   * Control messages are best-effort signals to live processes: there is nothing durable to retry
   * into, and a process not interested in a kind (no handler) simply ignores it. Always acked.
   */
  private async handleControl(d: Delivery, pattern: string): Promise<void> {
    try {
      const decoded = decodeJson(d.msg.content);
      if (!decoded.ok) {
        this.logger.warn(`dropping control message ${pattern}: ${decoded.error}`);
        return;
      }
      await this.dispatch(pattern, decoded.value, new AmqpContext('control', d.msg, readAttempt(d.msg), pattern, () => d.ack()));
    } catch (err) {
      if (err instanceof NoHandlerError) this.logger.debug?.(`ignoring control message: ${err.message}`);
      else this.logger.error(`control handler for ${pattern} failed: ${describeError(err)}`);
    } finally {
      d.ack();
    }
  }
}
