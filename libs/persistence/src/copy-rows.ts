import { once } from 'node:events';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { HeldClient } from './held-client';

/** Characters COPY's text format escapes with a backslash. */
const SPECIAL = /[\\\n\r\t]/g;
const HAS_SPECIAL = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One value in COPY's text format: `\N` for null, `t`/`f`, numbers as written, objects as JSON
 * (the jsonb columns), text with its backslashes, newlines, carriage returns and tabs escaped.
 * Hand-written: pg-copy-streams moves the bytes, no maintained library encodes rows for it.
 */
function copyValue(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return '\\N';
  if (json) return JSON.stringify(value).replace(SPECIAL, (c) => ESCAPES[c]);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return HAS_SPECIAL.test(text) ? text.replace(SPECIAL, (c) => ESCAPES[c]) : text;
}

/**
 * Loads new rows with COPY ... FROM STDIN: PostgreSQL parses COPY's text in about half the time it
 * takes to expand the same rows from a JSON parameter (1,000 resource rows: 21-27 ms against 40-46
 * ms), and the text carries no key names. For rows that cannot conflict (no ON CONFLICT here: a
 * duplicate fails the whole statement). `jsonColumns` are written as JSON; every listed column must
 * be present in every row (absent keys become NULL, not the column default). Returns the rows loaded.
 */
export async function copyRows(db: DataSource, table: string, columns: readonly string[], jsonColumns: ReadonlySet<string>, rows: readonly Record<string, unknown>[]): Promise<number> {
  if (rows.length === 0) return 0;
  const json = columns.map((c) => jsonColumns.has(c));
  const lines = rows.map((row) => columns.map((c, i) => copyValue(row[c], json[i])).join('\t'));
  const held = await HeldClient.checkOut(db);
  try {
    const stream = held.client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
    const done = once(stream, 'finish');
    stream.end(`${lines.join('\n')}\n`);
    await done;
    return stream.rowCount;
  } finally {
    held.release();
  }
}
