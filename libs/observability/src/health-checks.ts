/** The readiness probes the services share: one round trip to PostgreSQL, one to object storage. */
export function databaseCheck(db: { query(sql: string): Promise<unknown> }): () => Promise<void> {
  return async () => void (await db.query('SELECT 1'));
}

export function storageCheck(storage: { exists(key: string): Promise<boolean> }): () => Promise<void> {
  return async () => void (await storage.exists('health-probe'));
}
