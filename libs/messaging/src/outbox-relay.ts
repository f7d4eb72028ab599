import type { BeforeApplicationShutdown, LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Backoff } from './backoff';
import { describeError } from './message-codec';
import type { MessageBus } from './message-bus';

/** A message written in the transaction of the change it announces (the transactional outbox). */
export interface OutboxEntry {
  /** `work`: to a work queue by name; `event`: to the events exchange by routing key. */
  kind: 'work' | 'event';
  name: string;
  /** Stable across re-publications, so consumers can recognise a repeat. */
  messageId: string;
  payload: object;
}

/** Where the relay reads pending entries: those `publish` resolves for are removed, in one transaction. */
export interface OutboxSource {
  drain(limit: number, publish: (entry: OutboxEntry) => Promise<void>): Promise<number>;
}

const DRAIN_LIMIT = 100;

/**
 * Publishes outbox entries until the broker confirms each one (at least once: a crash between
 * the confirm and the delete publishes an entry again, with its message id). It drains when
 * kicked (after a commit that wrote entries) and every `pollMs` otherwise, so entries written by
 * a process that died are relayed by any other.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly backoff = new Backoff(200, 10_000);

  constructor(private readonly source: OutboxSource, private readonly bus: MessageBus, private readonly logger: LoggerService, private readonly pollMs = 1000) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** A last drain while the bus is still open; what it cannot publish, another process's relay will. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
    if (!this.stopped) await this.drainAll();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Drains now (or right after the drain under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.backoff.cancel();
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drainAll().finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        } else this.schedule(this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async drainAll(): Promise<void> {
    try {
      while (!this.stopped && (await this.source.drain(DRAIN_LIMIT, (e) => this.publish(e))) === DRAIN_LIMIT);
      this.backoff.reset();
    } catch (error) {
      this.logger.warn(`outbox relay: ${describeError(error)}; retrying`);
      await this.backoff.wait();
      this.again = true;
    }
  }

  private publish(entry: OutboxEntry): Promise<void> {
    return entry.kind === 'work'
      ? this.bus.sendWork(entry.name, entry.payload, { messageId: entry.messageId })
      : this.bus.publishEvent(entry.name, entry.payload, { messageId: entry.messageId });
  }
}
