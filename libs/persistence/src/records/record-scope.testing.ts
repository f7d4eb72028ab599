import { randomUUID } from 'node:crypto';
import { DataSource, type MigrationInterface } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@sca/testing';
import { applyMigrations, createDataSource } from '../data-source';

/** A migrated database at `url` and a way to add empty projects to it (for the repositories' integration tests). */
export async function migratedDatabase(url: string): Promise<{ db: DataSource; newProject(): Promise<string> }> {
  const db = createDataSource({ url });
  await db.initialize();
  await applyMigrations(db);
  return {
    db,
    async newProject() {
      const uuid = randomUUID();
      await db.query('INSERT INTO projects (uuid, name, slug) VALUES ($1, $2, $2)', [uuid, uuid]);
      return uuid;
    },
  };
}

/**
 * A migrated test database for the tests of one file: created before them and dropped after.
 * `db` and `newProject` are there once the tests run.
 */
export function useMigratedDatabase(): {
  readonly db: DataSource;
  newProject(): Promise<string>;
  /** Runs `migration`'s down, then `whileUndone`, then its up again (whatever `whileUndone` did). */
  withMigrationUndone(migration: MigrationInterface, whileUndone: () => Promise<void>): Promise<void>;
} {
  let tdb: TestDatabase | undefined;
  let migrated: { db: DataSource; newProject(): Promise<string> } | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    migrated = await migratedDatabase(tdb.url);
  });
  afterAll(async () => {
    await migrated?.db.destroy();
    await tdb?.drop();
  });
  const ready = () => {
    if (!migrated) throw new Error('the test database is made in beforeAll: use it inside tests');
    return migrated;
  };
  return {
    get db() {
      return ready().db;
    },
    newProject: () => ready().newProject(),
    async withMigrationUndone(migration, whileUndone) {
      const runner = ready().db.createQueryRunner();
      try {
        await migration.down(runner);
        try {
          await whileUndone();
        } finally {
          await migration.up(runner);
        }
      } finally {
        await runner.release();
      }
    },
  };
}
