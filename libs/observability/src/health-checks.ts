/** The readiness probes the services share: one round trip to PostgreSQL, one to object storage. */
export function databaseCheck(ping: () => Promise<unknown>): () => Promise<void> {
  return async () => void (await ping());
}

export function storageCheck(storage: { exists(key: string): Promise<boolean> }): () => Promise<void> {
  return async () => void (await storage.exists('health-probe'));
}

/** The broker connection is up (it reconnects by itself; until then the service is not ready). */
export function brokerCheck(conn: { isReady: boolean }): () => Promise<void> {
  return async () => {
    if (!conn.isReady) throw new Error('not connected to RabbitMQ');
  };
}
