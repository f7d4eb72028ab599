import Cursor from 'pg-cursor';
import { PoolClient } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Streams the rows of a query through a server-side cursor, `batchSize` rows at a time, so
 * that a project with hundreds of thousands of records is read in flat memory.
 */
export async function* streamQuery<T = Record<string, unknown>>(
  ds: DataSource,
  sql: string,
  params: unknown[] = [],
  batchSize = 1000,
): AsyncGenerator<T> {
  const driver = ds.driver as unknown as { master: { connect(): Promise<PoolClient> } };
  const client = await driver.master.connect();
  // A checked-out client that loses its connection (PostgreSQL restarted) emits 'error': without
  // a listener that would end the process. The pending read rejects on its own.
  let broken: Error | null = null;
  const onError = (e: Error) => {
    broken = e;
  };
  client.on('error', onError);
  const cursor = client.query(new Cursor<T>(sql, params));
  try {
    for (;;) {
      const rows = await cursor.read(batchSize);
      if (rows.length === 0) return;
      for (const row of rows) yield row;
    }
  } finally {
    if (!broken) await cursor.close().catch(() => undefined);
    client.off('error', onError);
    // A broken connection is destroyed rather than returned to the pool.
    client.release(broken ?? undefined);
  }
}
