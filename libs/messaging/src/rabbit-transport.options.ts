import type { MessagingOptions } from './messaging-options';

export interface WorkConsumerOptions {
  /** Work name: the queue is `${prefix}.work.<name>` and messages without a `type` dispatch on it. */
  name: string;
  /** Unacked messages in flight for this consumer; size it to the work (a runner: 1). */
  prefetch: number;
  /** Delay before each retry; after the last one, dead-letter. Default [1000, 5000, 30000]. */
  retryDelaysMs?: number[];
}

export interface EventConsumerOptions {
  /** The durable queue is `${prefix}.events.<queue>`; one per subscribing service. */
  queue: string;
  /** Routing keys to bind; topic patterns (`run.*`, `#`) allowed. */
  bindings: string[];
  /** Default 20. */
  prefetch?: number;
  /** As for work. Default [1000, 5000, 30000]. */
  retryDelaysMs?: number[];
}

export interface RabbitTransportOptions extends MessagingOptions {
  /** Consume `${prefix}.rpc.<rpcService>` and answer @MessagePattern handlers. */
  rpcService?: string;
  /** Default 20. */
  rpcPrefetch?: number;
  work?: WorkConsumerOptions[];
  events?: EventConsumerOptions;
  /** Bind an exclusive auto-delete queue of this process to the control fanout. */
  control?: boolean;
  /** How long close() waits for running handlers before closing the connection anyway. Default 10 s. */
  shutdownTimeoutMs?: number;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30000];
export const DEFAULT_RPC_PREFETCH = 20;
export const DEFAULT_EVENT_PREFETCH = 20;
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
