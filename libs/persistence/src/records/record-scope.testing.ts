import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
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
