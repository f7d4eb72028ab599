import { Logger } from '@nestjs/common';
import { connect, type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { MessagingOptions } from './messaging-options';
import { Backoff } from './backoff';

/** Declares topology and starts consumers on a fresh connection; re-run after every reconnect. */
export type SetupCallback = (model: ChannelModel) => Promise<void>;

/** How long the first connect keeps retrying, so services may start a little before the broker. */
const INITIAL_CONNECT_DEADLINE_MS = 30_000;
const DEFAULT_HEARTBEAT_S = 30;

/**
 * Owns one amqplib connection. When it drops, reconnects with backoff and re-runs every registered
 * setup callback (topology + consumers), in registration order. A channel closed by the broker (a
 * channel-level error) also triggers a full reconnect: rebuilding everything is simpler and safer
 * than repairing one consumer whose in-flight deliveries are already lost.
 */
export class AmqpConnection {
  readonly prefix: string;
  private readonly logger = new Logger(AmqpConnection.name);
  private readonly setups: SetupCallback[] = [];
  private readonly disconnectListeners = new Set<() => void>();
  private readonly closingChannels = new WeakSet<Channel>();
  private readonly backoff = new Backoff();
  private model: ChannelModel | null = null;
  private ready = false;
  /** True while establish() runs: a drop then is its caller's to retry, not a new reconnect loop. */
  private connecting = false;
  private readyWaiters: (() => void)[] = [];
  private closing = false;

  private constructor(private readonly opts: MessagingOptions) {
    this.prefix = opts.prefix;
  }

  static async connect(opts: MessagingOptions): Promise<AmqpConnection> {
    const conn = new AmqpConnection(opts);
    const deadline = Date.now() + INITIAL_CONNECT_DEADLINE_MS;
    for (;;) {
      try {
        await conn.establish();
        return conn;
      } catch (err) {
        if (Date.now() >= deadline || conn.closing) throw err;
        conn.logger.warn(`cannot reach the broker yet (${String(err)}); retrying`);
        await conn.backoff.wait();
      }
    }
  }

  /** The live connection; throws while reconnecting. */
  get channelModel(): ChannelModel {
    if (!this.model) throw new Error('AMQP connection is not established');
    return this.model;
  }

  get isReady(): boolean {
    return this.ready;
  }

  /**
   * Registers `cb` and runs it now (an error propagates and unregisters it); after every reconnect it
   * runs again. Returns the function that unregisters it.
   */
  async onSetup(cb: SetupCallback): Promise<() => void> {
    this.setups.push(cb);
    const unregister = (): void => {
      const i = this.setups.indexOf(cb);
      if (i >= 0) this.setups.splice(i, 1);
    };
    if (this.ready && this.model) {
      try {
        await cb(this.model);
      } catch (err) {
        unregister();
        throw err;
      }
    } else {
      // A reconnect is under way; it runs every callback registered by the time it finishes.
      await this.waitUntilReady(INITIAL_CONNECT_DEADLINE_MS).catch((err: unknown) => {
        unregister();
        throw err;
      });
    }
    return unregister;
  }

  /** Called whenever the connection drops (before reconnecting): lets owners fail in-flight work fast. */
  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /**
   * A `temporary` channel (for one-off declarations) may be closed by the broker without consequence:
   * a failed declaration is reported to its caller instead of rebuilding the connection.
   */
  async openChannel(opts: { temporary?: boolean } = {}): Promise<Channel> {
    const ch = await this.channelModel.createChannel();
    if (!opts.temporary) return this.watch(ch);
    ch.on('error', (err: unknown) => this.logger.debug(`temporary channel error: ${String(err)}`));
    return ch;
  }

  async openConfirmChannel(): Promise<ConfirmChannel> {
    return this.watch(await this.channelModel.createConfirmChannel());
  }

  /** Closes a channel on purpose, so that its close does not count as a failure. */
  async closeChannel(ch: Channel): Promise<void> {
    this.closingChannels.add(ch);
    try {
      await ch.close();
    } catch {
      // Already closed along with its connection: nothing left to release.
    }
  }

  /**
   * Drops the current connection so that the usual reconnect rebuilds everything: for a consumer the
   * broker cancelled (its queue was deleted) or a channel the broker closed.
   */
  recycle(reason: string): void {
    const model = this.model;
    if (!model || this.closing || this.connecting) return;
    this.logger.warn(`${reason}; rebuilding the connection`);
    this.ready = false; // publishers wait for the rebuild instead of using what is being torn down
    model.close().catch(() => undefined);
  }

  /** Resolves once connected and set up; rejects after `timeoutMs`. */
  waitUntilReady(timeoutMs: number): Promise<void> {
    if (this.ready) return Promise.resolve();
    if (this.closing) return Promise.reject(new Error('AMQP connection is closed'));
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.ready) resolve();
        else reject(new Error('AMQP connection is closed'));
      };
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((w) => w !== done);
        reject(new Error(`AMQP connection not ready after ${timeoutMs} ms`));
      }, timeoutMs);
      this.readyWaiters.push(done);
    });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.backoff.cancel();
    const model = this.model;
    this.model = null;
    this.ready = false;
    this.flushWaiters();
    if (model) {
      try {
        await model.close();
      } catch {
        // The socket was already gone; the goal (no connection) is reached.
      }
    }
  }

  private async establish(): Promise<void> {
    this.connecting = true;
    try {
      const model = await connect(withHeartbeat(this.opts.url), {
        // Without it Nagle's algorithm holds the last frames of a message until the broker's delayed
        // ACK (40 ms on Linux): every RPC paid that wait, twice.
        noDelay: true,
        clientProperties: { connection_name: this.opts.connectionName ?? `${this.prefix}-${process.pid}` },
      });
      model.on('error', (err: unknown) => this.logger.warn(`connection error: ${String(err)}`));
      model.on('close', () => this.handleClose(model));
      this.model = model;
      try {
        await this.runSetups(model);
        if (this.model !== model) throw new Error('connection lost during setup');
        if (this.closing) throw new Error('AMQP connection closed while connecting');
      } catch (err) {
        this.model = null; // makes the close below a stale one that handleClose ignores
        await model.close().catch(() => undefined);
        throw err;
      }
      this.ready = true;
      this.backoff.reset();
      this.flushWaiters();
    } finally {
      this.connecting = false;
    }
  }

  /** Loops until a pass finds nothing new, so a callback registered mid-setup is not skipped. */
  private async runSetups(model: ChannelModel): Promise<void> {
    const done = new Set<SetupCallback>();
    for (let next = this.setups.find((s) => !done.has(s)); next; next = this.setups.find((s) => !done.has(s))) {
      done.add(next);
      await next(model);
    }
  }

  private handleClose(model: ChannelModel): void {
    if (model !== this.model) return;
    this.model = null;
    this.ready = false;
    for (const listener of this.disconnectListeners) listener();
    if (this.closing || this.connecting) return;
    this.logger.warn('connection to the broker lost; reconnecting');
    void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    while (!this.closing) {
      await this.backoff.wait();
      if (this.closing) return;
      try {
        await this.establish();
        this.logger.log('reconnected to the broker');
        return;
      } catch (err) {
        this.logger.warn(`reconnect failed: ${String(err)}`);
      }
    }
  }

  private watch<C extends Channel>(ch: C): C {
    const model = this.model;
    ch.on('error', (err: unknown) => this.logger.warn(`channel error: ${String(err)}`));
    ch.on('close', () => {
      if (this.closingChannels.has(ch)) return;
      // When the whole connection closes its channels close first, in the same tick; by the next
      // one `model` is stale and there is nothing to do. Otherwise the broker closed this channel alone.
      setImmediate(() => {
        if (model && model === this.model) this.recycle('a channel was closed by the broker');
      });
    });
    return ch;
  }

  private flushWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
  }
}

/** amqplib's default is no heartbeat, which leaves a half-open TCP connection undetected for hours. */
function withHeartbeat(url: string): string {
  if (/[?&]heartbeat=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}heartbeat=${DEFAULT_HEARTBEAT_S}`;
}
