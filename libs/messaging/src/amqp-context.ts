import { BaseRpcContext } from '@nestjs/microservices';
import type { ConsumeMessage } from 'amqplib';

export type DeliveryKind = 'rpc' | 'work' | 'event' | 'control';

/** What a handler may know about its delivery, through `@Ctx()`. Handlers never see the channel. */
export class AmqpContext extends BaseRpcContext<[ConsumeMessage]> {
  /** 1-based delivery attempt, from the `x-attempts` header (retries count, broker redeliveries do not). */
  readonly attempt: number;
  /** The broker delivered this before (a consumer died or lost its connection without acking). */
  readonly redelivered: boolean;
  readonly messageId?: string;
  /** The AMQP `type` the delivery was dispatched on. */
  readonly pattern: string;
  private ackedEarly = false;

  constructor(
    readonly kind: DeliveryKind,
    message: ConsumeMessage,
    attempt: number,
    pattern: string,
    private readonly ackNow: () => void,
  ) {
    super([message]);
    this.attempt = attempt;
    this.redelivered = message.fields.redelivered;
    this.messageId = message.properties.messageId as string | undefined;
    this.pattern = pattern;
  }

  /**
   * Acknowledges now instead of when the handler finishes; idempotent. For a long-running work handler
   * that has durably recorded that it started: the broker then forgets the message, so a crash later is
   * the handler's own state to recover (ARCHITECTURE.md §4: a run is acked once durably `running`).
   * A handler that throws after this is not retried; the message is dead-lettered for the record.
   */
  ack(): void {
    if (this.ackedEarly) return;
    this.ackedEarly = true;
    this.ackNow();
  }

  /** True once `ack()` was called. */
  get acked(): boolean {
    return this.ackedEarly;
  }

  /** The raw delivery, for headers the context does not surface. */
  getMessage(): ConsumeMessage {
    return this.args[0];
  }
}
