import { DataSource } from 'typeorm';

/** Throws unless PostgreSQL answers (a runner waiting out an outage polls it). */
export async function pingDatabase(db: DataSource): Promise<void> {
  await db.query('SELECT 1');
}
