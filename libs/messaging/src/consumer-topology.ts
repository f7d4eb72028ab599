import type { Channel } from 'amqplib';
import type { ConsumerSpec } from './queue-consumer';
import {
  DEFAULT_EVENT_PREFETCH,
  DEFAULT_RETRY_DELAYS_MS,
  DEFAULT_RPC_PREFETCH,
  type RabbitTransportOptions,
} from './rabbit-transport.options';
import { assertExchanges, assertRetryableQueue, topologyNames } from './topology';

/** Declares every exchange, queue and binding the transport consumes from; returns what to consume. */
export async function declareConsumerTopology(
  ch: Channel,
  opts: RabbitTransportOptions,
  controlId: string,
): Promise<ConsumerSpec[]> {
  const { prefix } = opts;
  const specs: ConsumerSpec[] = [];
  await assertExchanges(ch, prefix);

  if (opts.rpcService) {
    const queue = topologyNames.rpcQueue(prefix, opts.rpcService);
    await ch.assertQueue(queue, { durable: true });
    specs.push({ kind: 'rpc', queue, prefetch: opts.rpcPrefetch ?? DEFAULT_RPC_PREFETCH });
  }

  for (const work of opts.work ?? []) {
    const queues = topologyNames.work(prefix, work.name);
    await assertRetryableQueue(ch, queues);
    specs.push({
      kind: 'work',
      queue: queues.main,
      prefetch: work.prefetch,
      retry: { queues, delaysMs: work.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS },
      defaultPattern: () => work.name,
    });
  }

  if (opts.events) {
    const queues = topologyNames.events(prefix, opts.events.queue);
    await assertRetryableQueue(ch, queues);
    for (const key of opts.events.bindings) await ch.bindQueue(queues.main, topologyNames.eventsExchange(prefix), key);
    specs.push({
      kind: 'event',
      queue: queues.main,
      prefetch: opts.events.prefetch ?? DEFAULT_EVENT_PREFETCH,
      retry: { queues, delaysMs: opts.events.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS },
      defaultPattern: (msg) => msg.fields.routingKey,
    });
  }

  if (opts.control) {
    // Exclusive: the broker deletes it with this connection, so a dead process leaves nothing behind.
    const queue = topologyNames.controlQueue(prefix, controlId);
    await ch.assertQueue(queue, { exclusive: true, autoDelete: true, durable: false });
    await ch.bindQueue(queue, topologyNames.controlExchange(prefix), '');
    specs.push({ kind: 'control', queue, prefetch: DEFAULT_RPC_PREFETCH });
  }
  return specs;
}
