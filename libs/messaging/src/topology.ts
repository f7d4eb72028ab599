import type { Channel } from 'amqplib';

/** A consumed queue with its delay queue (retries) and its dead-letter queue. */
export interface RetryableQueue {
  main: string;
  /** Per-message TTL; expired messages dead-letter back to `main`. */
  retry: string;
  /** Final resting place; messages carry `x-error` and `x-attempts` headers. */
  dead: string;
}

/** Every exchange and queue name this library uses, derived from the prefix (ARCHITECTURE.md §4). */
export const topologyNames = {
  eventsExchange: (prefix: string): string => `${prefix}.events`,
  controlExchange: (prefix: string): string => `${prefix}.control`,
  rpcQueue: (prefix: string, service: string): string => `${prefix}.rpc.${service}`,
  work: (prefix: string, work: string): RetryableQueue => retryable(`${prefix}.work.${work}`),
  events: (prefix: string, queue: string): RetryableQueue => retryable(`${prefix}.events.${queue}`),
  /** Per-process control queue; the suffix makes it unique (and recognisable in the management UI). */
  controlQueue: (prefix: string, processId: string): string => `${prefix}.control.${processId}`,
};

function retryable(main: string): RetryableQueue {
  return { main, retry: `${main}.retry`, dead: `${main}.dead` };
}

/** Both exchanges are durable so bindings of durable event queues survive a broker restart. */
export async function assertExchanges(ch: Channel, prefix: string): Promise<void> {
  await ch.assertExchange(topologyNames.eventsExchange(prefix), 'topic', { durable: true });
  await ch.assertExchange(topologyNames.controlExchange(prefix), 'fanout', { durable: true });
}

/**
 * Publishers and consumers both call this, with identical arguments: RabbitMQ refuses (and closes the
 * channel) when a queue is re-declared with different ones.
 */
export async function assertRetryableQueue(ch: Channel, q: RetryableQueue): Promise<void> {
  await ch.assertQueue(q.main, { durable: true });
  await ch.assertQueue(q.retry, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': q.main },
  });
  await ch.assertQueue(q.dead, { durable: true });
}
