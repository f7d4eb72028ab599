import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';

/**
 * One consumed message and the channel it came on. Its delivery tag is only valid on that channel;
 * once the channel is gone (a reconnect) acking is impossible and pointless: the broker redelivers.
 */
export class Delivery {
  private acked = false;

  constructor(
    readonly msg: ConsumeMessage,
    private readonly ch: ConfirmChannel,
  ) {}

  /** Idempotent; a second ack of one tag would make the broker close the channel. */
  ack(): void {
    if (this.acked) return;
    this.acked = true;
    try {
      this.ch.ack(this.msg);
    } catch {
      // Channel already closed: the message stays unacked on the broker and will be redelivered.
    }
  }

  /** Publishes on the same channel and resolves once the broker confirms. */
  publish(exchange: string, routingKey: string, content: Buffer, options: Options.Publish): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.ch.publish(exchange, routingKey, content, options, (err: unknown) =>
        err ? reject(err instanceof Error ? err : new Error('message was not confirmed by the broker')) : resolve(),
      );
    });
  }
}

/** Thrown by the dispatcher when no handler is registered for a delivery's `type`. */
export class NoHandlerError extends Error {
  constructor(pattern: string) {
    super(`no handler for ${pattern}`);
    this.name = 'NoHandlerError';
  }
}
