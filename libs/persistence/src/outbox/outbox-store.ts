import { DataSource, EntityManager } from 'typeorm';
import type { OutboxEntry, OutboxSource } from '@sca/messaging';

type Queryable = DataSource | EntityManager;

/** Writes entries in the caller's transaction: they exist exactly when the change they announce commits. */
export async function writeOutbox(q: Queryable, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await q.query(
    `INSERT INTO outbox_messages (kind, name, message_id, payload)
     SELECT e.kind, e.name, e.message_id, e.payload FROM json_to_recordset($1::json) AS e(kind text, name text, message_id text, payload jsonb)`,
    [JSON.stringify(entries.map((e) => ({ kind: e.kind, name: e.name, message_id: e.messageId, payload: e.payload })))],
  );
}

interface OutboxRow {
  id: string;
  kind: OutboxEntry['kind'];
  name: string;
  message_id: string;
  payload: object;
}

/**
 * The outbox table as the relay's source. Each drain locks a batch (SKIP LOCKED: relays of
 * several processes share the table), publishes in id order, and deletes what was confirmed,
 * all in one transaction; the first failure ends the batch and is recorded on its row.
 */
export class PgOutboxSource implements OutboxSource {
  constructor(private readonly db: DataSource) {}

  async drain(limit: number, publish: (entry: OutboxEntry) => Promise<void>): Promise<number> {
    // The failure is thrown after the commit, which keeps the deletes of what was published.
    const { published, failure } = await this.db.transaction(async (tx) => {
      const rows: OutboxRow[] = await tx.query(
        'SELECT id, kind, name, message_id, payload FROM outbox_messages ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
        [limit],
      );
      const published: string[] = [];
      let failure: unknown = null;
      for (const r of rows) {
        try {
          await publish({ kind: r.kind, name: r.name, messageId: r.message_id, payload: r.payload });
          published.push(r.id);
        } catch (error) {
          failure = error;
          await tx.query('UPDATE outbox_messages SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [r.id, String((error as Error)?.message ?? error).slice(0, 2000)]);
          break;
        }
      }
      if (published.length > 0) await tx.query('DELETE FROM outbox_messages WHERE id = ANY($1::bigint[])', [published]);
      return { published, failure };
    });
    if (failure) throw failure;
    return published.length;
  }
}
