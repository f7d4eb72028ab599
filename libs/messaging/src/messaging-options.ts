/** Where the broker is and which names this stack owns on it. */
export interface MessagingOptions {
  /** amqp:// URL; a `heartbeat` query parameter is added (30 s) when absent so dead TCP links are noticed. */
  url: string;
  /** Prefix of every exchange and queue, so that several stacks (and test runs) can share one broker. */
  prefix: string;
  /** Shown in the RabbitMQ management UI; helps tell services apart. */
  connectionName?: string;
}
