import type { Socket } from 'node:net';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TEST_AMQP_URL, uniqueTestName } from '@sca/testing';
import { connect, type ChannelModel, type GetMessage, type Options } from 'amqplib';
import { AmqpConnection, AmqpExceptionFilter, MessageBus, RabbitTransport, topologyNames, type RabbitTransportOptions } from '../src';

/** Polls until `check` returns something truthy; tests never sleep for a fixed time. */
type Falsy = false | null | undefined | 0 | '';
export async function waitFor<T>(check: () => T | Falsy | Promise<T | Falsy>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A promise a test resolves by hand, to hold a handler at a known point. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Drops the TCP connection under an amqplib ChannelModel as a network reset would (amqplib watches socket errors). */
export function cutConnection(model: ChannelModel): void {
  (model.connection as unknown as { stream: Socket }).stream.destroy(new Error('connection cut by the test'));
}

/**
 * One test file's view of the real broker: a unique prefix, an admin connection for inspecting
 * queues, and cleanup of every queue and exchange the file's topology used.
 */
export class TestBroker {
  readonly url = TEST_AMQP_URL;
  private readonly apps: INestMicroservice[] = [];
  private readonly conns: AmqpConnection[] = [];

  private constructor(
    readonly prefix: string,
    private readonly admin: ChannelModel,
  ) {}

  static async start(label: string): Promise<TestBroker> {
    return new TestBroker(uniqueTestName(`msg_${label}`), await connect(TEST_AMQP_URL));
  }

  /** A Nest microservice on RabbitTransport; by default with the filter that lets real errors through. */
  async startService(
    module: Parameters<typeof NestFactory.createMicroservice>[0],
    opts: Omit<RabbitTransportOptions, 'url' | 'prefix'>,
    { passErrorsThrough = true } = {},
  ): Promise<{ app: INestMicroservice; transport: RabbitTransport }> {
    const transport = new RabbitTransport({ url: this.url, prefix: this.prefix, ...opts });
    const app = await NestFactory.createMicroservice(module, { strategy: transport, logger: false });
    if (passErrorsThrough) app.useGlobalFilters(new AmqpExceptionFilter());
    await app.listen();
    this.apps.push(app);
    return { app, transport };
  }

  async bus(): Promise<{ bus: MessageBus; conn: AmqpConnection }> {
    const conn = await AmqpConnection.connect({ url: this.url, prefix: this.prefix, connectionName: `${this.prefix}-test-bus` });
    this.conns.push(conn);
    const bus = new MessageBus(conn);
    await bus.init();
    return { bus, conn };
  }

  /** Publishes bytes bypassing MessageBus (for malformed or foreign messages); exchange '' targets a queue. */
  async publishRaw(exchange: string, routingKey: string, content: Buffer, options: Options.Publish = {}): Promise<void> {
    const ch = await this.admin.createConfirmChannel();
    try {
      await new Promise<void>((resolve, reject) =>
        ch.publish(exchange, routingKey, content, options, (err: unknown) => (err ? reject(err) : resolve())),
      );
    } finally {
      await ch.close();
    }
  }

  /** Waits for a message in `queue` and takes it off (acked), for inspection. */
  async takeMessage(queue: string): Promise<GetMessage> {
    const ch = await this.admin.createChannel();
    try {
      return await waitFor(() => ch.get(queue, { noAck: true }), `a message in ${queue}`);
    } finally {
      await ch.close();
    }
  }

  /** Ready (not unacked) messages; close the consumers first to count unacked ones too. */
  async messageCount(queue: string): Promise<number> {
    const ch = await this.admin.createChannel();
    try {
      return (await ch.checkQueue(queue)).messageCount;
    } finally {
      await ch.close();
    }
  }

  async deleteQueue(queue: string): Promise<void> {
    const ch = await this.admin.createChannel();
    await ch.deleteQueue(queue);
    await ch.close();
  }

  async deleteExchange(exchange: string): Promise<void> {
    const ch = await this.admin.createChannel();
    await ch.deleteExchange(exchange);
    await ch.close();
  }

  /** Closes every app and connection, then deletes the named queues and both exchanges. */
  async cleanup(used: { rpc?: string[]; work?: string[]; events?: string[] }): Promise<void> {
    for (const app of this.apps) await app.close();
    for (const conn of this.conns) await conn.close();
    const p = this.prefix;
    const queues = [
      ...(used.rpc ?? []).map((s) => topologyNames.rpcQueue(p, s)),
      ...(used.work ?? []).flatMap((w) => Object.values(topologyNames.work(p, w))),
      ...(used.events ?? []).flatMap((q) => Object.values(topologyNames.events(p, q))),
    ];
    const ch = await this.admin.createChannel();
    for (const q of queues) await ch.deleteQueue(q);
    await ch.deleteExchange(topologyNames.eventsExchange(p));
    await ch.deleteExchange(topologyNames.controlExchange(p));
    await ch.close();
    await this.admin.close();
  }
}
