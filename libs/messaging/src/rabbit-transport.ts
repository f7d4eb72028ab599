import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { AmqpConnection } from './amqp-connection';
import type { AmqpContext } from './amqp-context';
import { declareConsumerTopology } from './consumer-topology';
import { NoHandlerError } from './delivery';
import { QueueConsumer } from './queue-consumer';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, type RabbitTransportOptions } from './rabbit-transport.options';

export type RabbitTransportStatus = 'connected' | 'disconnected';
type RabbitTransportEvents = Record<RabbitTransportStatus, () => void>;

/**
 * NestJS transport strategy over RabbitMQ: dispatches each delivery to the @MessagePattern /
 * @EventPattern handler named by its AMQP `type`. Handlers never touch channels; acking, retrying and
 * dead-lettering happen here. Survives connection loss: after a reconnect the topology is declared
 * again and every consumer restarts.
 */
export class RabbitTransport extends Server<RabbitTransportEvents, RabbitTransportStatus> implements CustomTransportStrategy {
  protected override readonly logger = new Logger(RabbitTransport.name);
  private readonly events = new EventEmitter();
  /** Handlers still running, across reconnects, so close() can let them finish. */
  private readonly inFlight = new Set<Promise<void>>();
  private conn: AmqpConnection | null = null;
  private consumers: QueueConsumer[] = [];
  private unregisterSetup: (() => void) | null = null;
  private closed = false;

  constructor(private readonly opts: RabbitTransportOptions) {
    super();
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    try {
      const conn = await AmqpConnection.connect({ ...this.opts, connectionName: this.opts.connectionName ?? this.defaultConnectionName() });
      this.conn = conn;
      conn.onDisconnect(() => this.setStatus('disconnected'));
      this.unregisterSetup = await conn.onSetup(() => this.setup(conn));
      callback();
    } catch (err) {
      await this.conn?.close();
      this.conn = null;
      callback(err);
    }
  }

  /** Stops consuming, lets running handlers finish (bounded), then closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unregisterSetup?.();
    await Promise.all(this.consumers.map((c) => c.stop()));
    this.consumers = [];
    await this.drain(this.opts.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
    await this.conn?.close();
    this.conn = null;
    this.setStatus('disconnected');
  }

  on<K extends keyof RabbitTransportEvents>(event: K, callback: RabbitTransportEvents[K]): void {
    this.events.on(event, callback);
  }

  /** The amqplib ChannelModel currently in use. */
  unwrap<T>(): T {
    if (!this.conn) throw new Error('RabbitTransport is not listening');
    return this.conn.channelModel as T;
  }

  private async setup(conn: AmqpConnection): Promise<void> {
    const decl = await conn.openChannel();
    // A fresh control queue name per connection: the broker may not yet have noticed that the
    // previous connection (and its exclusive queue) is gone.
    const specs = await declareConsumerTopology(decl, this.opts, `${hostname()}.${process.pid}.${randomBytes(4).toString('hex')}`);
    await conn.closeChannel(decl);
    const consumers: QueueConsumer[] = [];
    for (const spec of specs) {
      const ch = await conn.openConfirmChannel();
      const dispatch = (p: string, payload: unknown, ctx: AmqpContext): Promise<unknown> => this.dispatch(p, payload, ctx);
      const consumer = new QueueConsumer(spec, ch, dispatch, this.inFlight, this.logger, (why) => conn.recycle(why));
      await consumer.start();
      consumers.push(consumer);
    }
    this.consumers = consumers;
    this.setStatus('connected');
  }

  /** Nest handlers return a value, a Promise or an Observable; the last emitted value is the result. */
  private async dispatch(pattern: string, payload: unknown, ctx: AmqpContext): Promise<unknown> {
    const handler = pattern ? this.getHandlerByPattern(pattern) : null;
    if (!handler) throw new NoHandlerError(pattern || '(no type)');
    const result: unknown = await handler(payload, ctx);
    return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  private async drain(timeoutMs: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    clearTimeout(timer);
    if (this.inFlight.size > 0) this.logger.warn(`closing with ${this.inFlight.size} handler(s) still running; their messages will be redelivered`);
  }

  private setStatus(status: RabbitTransportStatus): void {
    this._status$.next(status);
    this.events.emit(status);
  }

  private defaultConnectionName(): string {
    return `${this.opts.prefix}-${this.opts.rpcService ?? this.opts.events?.queue ?? 'consumer'}-${process.pid}`;
  }
}
