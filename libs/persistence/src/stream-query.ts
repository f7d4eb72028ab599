import Cursor from 'pg-cursor';
import { DataSource } from 'typeorm';
import { HeldClient } from './held-client';

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
  const held = await HeldClient.checkOut(ds);
  const cursor = held.client.query(new Cursor<T>(sql, params));
  try {
    for (;;) {
      // A read sent on a connection already lost would wait for an answer that never comes.
      if (held.broken) throw held.broken;
      const rows = await cursor.read(batchSize);
      if (rows.length === 0) return;
      for (const row of rows) yield row;
    }
  } finally {
    // Closing answers only once the server does: on a connection lost before its 'error' arrived
    // (PostgreSQL restarted while the consumer failed on another connection) it never did, and
    // the step waited forever. Past the bound the client is destroyed instead.
    if (!held.broken) await closeWithin(cursor, CLOSE_TIMEOUT_MS).catch((e: Error) => (held.broken = e));
    // A broken connection is destroyed rather than returned to the pool.
    held.release();
  }
}

/** How long closing a cursor may take before its connection is given up. */
const CLOSE_TIMEOUT_MS = 5000;

function closeWithin(cursor: Cursor, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`cursor not closed after ${ms} ms: connection given up`)), ms);
  });
  return Promise.race([cursor.close(), late]).finally(() => clearTimeout(timer));
}
