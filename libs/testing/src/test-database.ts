import { Client } from 'pg';
import { TEST_PG_ADMIN_URL, uniqueTestName } from './test-names';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty PostgreSQL database for one test file; `drop()` removes it. */
export async function createTestDatabase(adminUrl = TEST_PG_ADMIN_URL): Promise<TestDatabase> {
  const name = uniqueTestName('sca_test');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
