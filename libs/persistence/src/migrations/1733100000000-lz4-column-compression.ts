import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Values PostgreSQL compresses (text and JSON of more than about 2 KB: a datafile's package_data,
 * a package's parties and license detections, a run's log, rewritten at every append) are
 * compressed with lz4 rather than the default pglz, which costs several times more CPU to write.
 * The package and resolution steps wait on these writes (docs/architecture.md, "Large values").
 *
 * Every compressible column of the schema's tables gets it; values already stored keep pglz and
 * stay readable. A server built without lz4 keeps pglz: the migration then changes nothing.
 */
function setCompression(method: 'lz4' | 'default'): string {
  const unavailable = method === 'lz4'
    ? `IF NOT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    RAISE NOTICE 'lz4 is not available on this server: columns keep pglz compression';
    RETURN;
  END IF;`
    : '';
  return `DO $$
DECLARE c record;
BEGIN
  ${unavailable}
  FOR c IN
    SELECT t.relname, a.attname FROM pg_attribute a
    JOIN pg_class t ON t.oid = a.attrelid
    WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r'
      AND a.attnum > 0 AND NOT a.attisdropped AND a.attstorage IN ('x', 'm')
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET COMPRESSION ${method}', c.relname, c.attname);
  END LOOP;
END $$`;
}

export class Lz4ColumnCompression1733100000000 implements MigrationInterface {
  name = 'Lz4ColumnCompression1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(setCompression('lz4'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(setCompression('default'));
  }
}
