import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Smaller ANALYZE samples for the large scan tables. ANALYZE samples 300 rows per unit of the
 * largest statistics target among a table's columns: every column that had the default target
 * (100) gets 30, so the sample goes from 30,000 rows to 9,000. A run analyzes codebase_resources
 * twice (before its lookups by path, and with VACUUM at its end, where the run waits for it): on
 * a 55,000-row table ANALYZE took 390-460 ms with the default and 96-99 ms with 30 (VACUUM
 * ANALYZE 412-441 ms against 137; discovered_dependencies 98 against 59). Thirty most common
 * values and thirty histogram buckets are ample for what the planner is asked of these tables:
 * rows of one project, by path, status, type or package_uid.
 *
 * The JSON columns of discovered_packages take no statistics, as those of codebase_resources
 * already do (1733000000000): no query selects on their values (a `jsonb_array_length(...)`
 * condition is estimated without them), and license_detections alone was a third of the table's
 * ANALYZE (21 of 68 ms), which the resolution step waits for.
 *
 * A column added later takes the default target again, which would bring the large sample back:
 * `statistics-sample-size.int-spec.ts` fails on it.
 */
export const SAMPLED_TABLES = ['codebase_resources', 'discovered_dependencies', 'discovered_packages'];
export const STATISTICS_TARGET = 30;
/** Tables whose jsonb columns take no statistics here. */
const UNSELECTED_JSON_TABLES = ['discovered_packages'];

type Column = { attname: string };

/** The columns of `table` matching `condition` (on pg_attribute), in table order. */
function columnsWhere(q: QueryRunner, table: string, condition: string): Promise<Column[]> {
  return q.query(
    `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND ${condition} ORDER BY attnum`,
    [table],
  );
}

/** One ALTER TABLE for all of `columns`. */
async function setTargets(q: QueryRunner, table: string, columns: Column[], target: number): Promise<void> {
  if (columns.length === 0) return;
  await q.query(`ALTER TABLE ${table} ${columns.map(({ attname }) => `ALTER COLUMN "${attname}" SET STATISTICS ${target}`).join(', ')}`);
}

// PostgreSQL's default target reads -1 up to version 16 and NULL from 17.
const AT_DEFAULT = 'COALESCE(attstattarget, -1) = -1';
const JSONB = `atttypid = 'jsonb'::regtype`;

export class StatisticsSampleSize1733200000000 implements MigrationInterface {
  name = 'StatisticsSampleSize1733200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of UNSELECTED_JSON_TABLES) await setTargets(q, table, await columnsWhere(q, table, `${JSONB} AND ${AT_DEFAULT}`), 0);
    for (const table of SAMPLED_TABLES) await setTargets(q, table, await columnsWhere(q, table, AT_DEFAULT), STATISTICS_TARGET);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of SAMPLED_TABLES) await setTargets(q, table, await columnsWhere(q, table, `attstattarget = ${STATISTICS_TARGET}`), -1);
    for (const table of UNSELECTED_JSON_TABLES) await setTargets(q, table, await columnsWhere(q, table, `${JSONB} AND attstattarget = 0`), -1);
  }
}
