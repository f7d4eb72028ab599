/** Typed access to scripts/private-services.js (shared with the fault benchmark). */
export interface PrivatePostgres {
  adminUrl: string;
  /** Stops the server (fast shutdown: sessions are terminated), runs `whileDown`, starts it again. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface PrivateRabbit {
  url: string;
  /** `rabbitmqctl stop_app`: connections drop, the node keeps its durable queues. */
  stopApp(): Promise<void>;
  startApp(): Promise<void>;
  /** Messages (ready + unacknowledged) of every queue whose name starts with `prefix`. */
  queueDepths(prefix: string): Promise<Record<string, { ready: number; unacked: number }>>;
  stop(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shared = require('../../scripts/private-services.js') as { startPrivatePostgres(): Promise<PrivatePostgres>; startPrivateRabbit(): Promise<PrivateRabbit> };

export const startPrivatePostgres = shared.startPrivatePostgres;
export const startPrivateRabbit = shared.startPrivateRabbit;
