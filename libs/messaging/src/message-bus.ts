import { randomUUID } from 'node:crypto';
import type { ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import type { AmqpConnection } from './amqp-connection';
import { RpcError } from './errors';
import { JSON_CONTENT_TYPE, encodeJson } from './message-codec';
import { PendingReplies, parseReply, type ReplyDecoder } from './pending-replies';
import { JsonBytes, replyBytes } from './reply-bytes';
import { assertExchanges, assertRetryableQueue, topologyNames, type RetryableQueue } from './topology';

/** RabbitMQ's pseudo-queue for direct reply-to: replies come straight back on the requesting channel. */
const DIRECT_REPLY_TO = 'amq.rabbitmq.reply-to';
const DEFAULT_RPC_TIMEOUT_MS = 10_000;
/** How long a publish waits for a reconnect before giving up. */
const PUBLISH_WAIT_MS = 10_000;

/**
 * The publishing side. Every publish goes through a ConfirmChannel and resolves only once the broker
 * has taken responsibility for the message (for persistent messages to durable queues: written to disk).
 */
export class MessageBus {
  private channel: ConfirmChannel | null = null;
  private readonly pending = new PendingReplies();
  /** Work topologies declared on the current connection; cleared on reconnect. */
  private workDeclared = new Map<string, Promise<void>>();
  private unregister: (() => void) | null = null;
  private closed = false;

  constructor(private readonly conn: AmqpConnection) {}

  /** Asserts the exchanges and starts the direct reply-to consumer; again after every reconnect. */
  async init(): Promise<void> {
    if (this.unregister) return;
    this.unregister = await this.conn.onSetup(() => this.setup());
  }

  /** Topic exchange, persistent; the AMQP `type` is the routing key (consumers dispatch on it). */
  async publishEvent(routingKey: string, payload: object, opts: { messageId?: string } = {}): Promise<void> {
    await this.publish(topologyNames.eventsExchange(this.conn.prefix), routingKey, payload, {
      persistent: true,
      type: routingKey,
      messageId: opts.messageId ?? randomUUID(),
    });
  }

  /** Default exchange straight to the work queue, persistent; declares the work topology on first use. */
  async sendWork(work: string, payload: object, opts: { messageId?: string } = {}): Promise<void> {
    const queues = topologyNames.work(this.conn.prefix, work);
    await this.declareWork(queues);
    await this.publish('', queues.main, payload, {
      persistent: true,
      type: work,
      messageId: opts.messageId ?? randomUUID(),
    });
  }

  /**
   * Messages ready on a work queue and its delay queue (not those delivered and unacknowledged),
   * read with a passive declaration on a throw-away channel: 0 for a queue never declared.
   */
  async readyWork(work: string): Promise<number> {
    const queues = topologyNames.work(this.conn.prefix, work);
    await this.readyChannel();
    let ready = 0;
    for (const queue of [queues.main, queues.retry]) {
      const ch = await this.conn.openChannel({ temporary: true });
      try {
        ready += (await ch.checkQueue(queue)).messageCount;
      } catch {
        // A queue that does not exist holds nothing (the broker closed this channel).
      } finally {
        await this.conn.closeChannel(ch);
      }
    }
    return ready;
  }

  /** Control fanout to every live process. Not persistent: control queues do not outlive their process. */
  async broadcast(kind: string, payload: object): Promise<void> {
    await this.publish(topologyNames.controlExchange(this.conn.prefix), '', payload, { type: kind, messageId: randomUUID() });
  }

  /**
   * RPC over direct reply-to. The request expires when the caller stops waiting, so a backlog is not
   * worked off for nobody; it is `mandatory`, so a service whose queue does not exist fails at once.
   */
  async request<T>(service: string, pattern: string, payload: object, timeoutMs = DEFAULT_RPC_TIMEOUT_MS): Promise<T> {
    return (await this.call(service, pattern, payload, timeoutMs, parseReply)) as T;
  }

  /**
   * `request`, answered with the data's JSON text as bytes instead of the data: for a caller that
   * only passes the answer on (the gateway writing it to its client), which then neither parses
   * it nor writes it out again.
   */
  async requestJson<T>(service: string, pattern: string, payload: object, timeoutMs = DEFAULT_RPC_TIMEOUT_MS): Promise<JsonBytes<T>> {
    return (await this.call(service, pattern, payload, timeoutMs, replyBytes)) as JsonBytes<T>;
  }

  private async call(service: string, pattern: string, payload: object, timeoutMs: number, decode: ReplyDecoder): Promise<unknown> {
    const correlationId = randomUUID();
    const reply = this.pending.add(correlationId, timeoutMs, `${pattern} on ${service}`, decode);
    const props = { correlationId, replyTo: DIRECT_REPLY_TO, type: pattern, expiration: String(timeoutMs), mandatory: true };
    try {
      // No re-publish: losing the channel has already failed this request, as its reply could not arrive.
      await this.publish('', topologyNames.rpcQueue(this.conn.prefix, service), payload, props, { retryOnChannelLoss: false });
    } catch (err) {
      this.pending.fail(correlationId, err instanceof Error ? err : new Error(String(err)));
    }
    return reply;
  }

  /** Fails pending requests and releases the channel; the connection belongs to its owner. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unregister?.();
    this.pending.failAll(new RpcError('unavailable', 'message bus closed before the reply arrived'));
    const ch = this.channel;
    this.channel = null;
    if (ch) await this.conn.closeChannel(ch);
  }

  private async setup(): Promise<void> {
    const ch = await this.conn.openConfirmChannel();
    await assertExchanges(ch, this.conn.prefix);
    ch.on('return', (msg: ConsumeMessage) =>
      this.pending.fail(msg.properties.correlationId, new RpcError('unavailable', `nothing consumes ${msg.fields.routingKey}`)),
    );
    ch.on('close', () => {
      if (this.channel !== ch) return;
      this.channel = null;
      this.pending.failAll(new RpcError('unavailable', 'connection to the broker lost before the reply arrived'));
    });
    await ch.consume(DIRECT_REPLY_TO, (msg) => this.onReply(msg), { noAck: true });
    this.workDeclared = new Map();
    this.channel = ch;
  }

  private onReply(msg: ConsumeMessage | null): void {
    if (!msg) return;
    this.pending.receive(msg.properties.correlationId, msg.content);
  }

  /**
   * If the channel dies before the broker confirms, the broker may or may not have the message; unless
   * told otherwise this publishes again once reconnected. That is at-least-once delivery, which
   * consumers are built for (handlers are idempotent, ARCHITECTURE.md §4).
   */
  private async publish(
    exchange: string,
    routingKey: string,
    payload: object,
    options: Options.Publish,
    { retryOnChannelLoss = true } = {},
  ): Promise<void> {
    const content = encodeJson(payload);
    const props: Options.Publish = { contentType: JSON_CONTENT_TYPE, timestamp: Math.floor(Date.now() / 1000), ...options };
    const deadline = Date.now() + PUBLISH_WAIT_MS;
    for (;;) {
      const ch = await this.readyChannel();
      try {
        return await confirmedPublish(ch, exchange, routingKey, content, props);
      } catch (err) {
        // The channel's 'close' listener has already run by now, so a lost channel is no longer current.
        const channelLost = this.channel !== ch;
        if (!retryOnChannelLoss || !channelLost || this.closed || Date.now() > deadline) throw err;
      }
    }
  }

  private async readyChannel(): Promise<ConfirmChannel> {
    const deadline = Date.now() + PUBLISH_WAIT_MS;
    for (;;) {
      if (this.closed) throw new Error('message bus is closed');
      if (!this.unregister) throw new Error('MessageBus.init() has not been called');
      if (this.channel) return this.channel;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('message bus channel is not available');
      // When the broker closes this channel alone, the connection still looks ready until the rebuild
      // it triggers begins (a tick later); poll briefly through that window.
      if (this.conn.isReady) await new Promise((resolve) => setTimeout(resolve, 10));
      else await this.conn.waitUntilReady(left);
    }
  }

  /** Declared once per connection; concurrent first sends share one declaration. */
  private async declareWork(queues: RetryableQueue): Promise<void> {
    let done = this.workDeclared.get(queues.main);
    if (!done) {
      done = this.declareOnTemporaryChannel(queues);
      this.workDeclared.set(queues.main, done);
      done.catch(() => this.workDeclared.delete(queues.main));
    }
    await done;
  }

  /** A throw-away channel: a refused declaration must not take the publishing channel down with it. */
  private async declareOnTemporaryChannel(queues: RetryableQueue): Promise<void> {
    await this.readyChannel();
    const ch = await this.conn.openChannel({ temporary: true });
    try {
      await assertRetryableQueue(ch, queues);
    } finally {
      await this.conn.closeChannel(ch);
    }
  }
}

function confirmedPublish(ch: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, props: Options.Publish): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // A closed channel throws here synchronously, which rejects this promise too.
    ch.publish(exchange, routingKey, content, props, (err: unknown) =>
      err ? reject(err instanceof Error ? err : new Error('message was not confirmed by the broker')) : resolve(),
    );
  });
}
