import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '@sca/testing';
import { createDataSource } from './data-source';
import { streamQuery } from './stream-query';

let tdb: TestDatabase;
let db: DataSource;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = createDataSource({ url: tdb.url, poolSize: 2, applicationName: 'stream-query-spec' });
  await db.initialize();
});

afterAll(async () => {
  await db?.destroy();
  await tdb?.drop();
});

/** Ends the server side of the spec's cursor connections, as a PostgreSQL restart does. */
async function terminateCursorConnections(): Promise<void> {
  const admin = new Client({ connectionString: tdb.url });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'stream-query-spec' AND pid <> pg_backend_pid() AND query LIKE '%generate_series%'`);
  } finally {
    await admin.end();
  }
}

describe('streamQuery', () => {
  it('streams every row in batches', async () => {
    const seen: number[] = [];
    for await (const row of streamQuery<{ n: number }>(db, 'SELECT generate_series(1, 25) AS n', [], 10)) seen.push(row.n);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('fails, rather than waits for ever, when its connection is lost between two batches', async () => {
    const rows = streamQuery<{ n: number }>(db, 'SELECT generate_series(1, 100) AS n', [], 10);
    for (let i = 0; i < 10; i++) await rows.next();
    await terminateCursorConnections();
    // The next batch's read: an error (the lost connection), within the test's timeout.
    const drain = async () => {
      for (;;) if ((await rows.next()).done) return;
    };
    await expect(drain()).rejects.toThrow();
    // The pool still serves queries.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  }, 20_000);

  it('lets a consumer that stops early go, even on a lost connection', async () => {
    const rows = streamQuery<{ n: number }>(db, 'SELECT generate_series(1, 100) AS n', [], 10);
    await rows.next();
    await terminateCursorConnections();
    await expect(rows.return(undefined)).resolves.toEqual({ done: true, value: undefined });
  }, 20_000);
});
