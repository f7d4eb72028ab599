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
  const cursor = client.query(new Cursor<T>(sql, params));
  try {
    for (;;) {
      const rows = await cursor.read(batchSize);
      if (rows.length === 0) return;
      for (const row of rows) yield row;
    }
  } finally {
    await cursor.close().catch(() => undefined);
    client.release();
  }
}
