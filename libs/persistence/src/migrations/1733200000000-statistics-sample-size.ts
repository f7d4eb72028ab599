import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics target of every column of the two largest scan tables that had the default
 * (100), lowered to 30: ANALYZE samples 300 rows per unit of the largest target among a table's
 * columns, so their sample goes from 30,000 rows to 9,000. A run analyzes codebase_resources twice
 * (before its lookups by path, and with VACUUM at its end, where the run waits for it): on a
 * 55,000-row table ANALYZE took 390-460 ms with the default and 96-99 ms with 30 (VACUUM ANALYZE
 * 412-441 ms against 137; discovered_dependencies 98 against 59). Thirty most common values and
 * thirty histogram buckets are ample for what the planner is asked of these tables: rows of one
 * project, by path, status or type. A column added later takes the default again, which would
 * bring the large sample back: `statistics-sample-size.int-spec.ts` fails on it.
 */
export const SAMPLED_TABLES = ['codebase_resources', 'discovered_dependencies'];
export const STATISTICS_TARGET = 30;

/** The columns of `table` whose target is PostgreSQL's default (-1 up to 16, NULL from 17). */
const DEFAULT_TARGET_COLUMNS = `
  SELECT attname FROM pg_attribute
  WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND COALESCE(attstattarget, -1) = -1
  ORDER BY attnum`;

export class StatisticsSampleSize1733200000000 implements MigrationInterface {
  name = 'StatisticsSampleSize1733200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of SAMPLED_TABLES) {
      const columns: { attname: string }[] = await q.query(DEFAULT_TARGET_COLUMNS, [table]);
      for (const { attname } of columns) await q.query(`ALTER TABLE ${table} ALTER COLUMN "${attname}" SET STATISTICS ${STATISTICS_TARGET}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SAMPLED_TABLES) {
      const columns: { attname: string }[] = await q.query(
        `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attstattarget = $2 ORDER BY attnum`,
        [table, STATISTICS_TARGET],
      );
      for (const { attname } of columns) await q.query(`ALTER TABLE ${table} ALTER COLUMN "${attname}" SET STATISTICS -1`);
    }
  }
}
