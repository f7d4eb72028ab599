import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Columns of codebase_resources that no query selects on by value (the scan results held as JSON,
 * the digests other than sha1 and md5, libmagic's description) take no planner statistics.
 * ANALYZE gathered them for every row of its 30,000-row sample, and a run analyzes the table
 * twice (before its first lookups by path, and at its end): on a 55,000-row table each ANALYZE
 * took 560 ms, 265 ms without them. A filter on one of these columns is estimated with
 * PostgreSQL's default selectivity, always within one project (the project index leads).
 */
const UNSELECTED_COLUMNS = [
  'license_detections', 'license_clues', 'copyrights', 'holders', 'authors', 'emails', 'urls', 'package_data', 'extra_data',
  'sha256', 'sha512', 'sha1_git', 'file_type', 'detected_license_expression_spdx',
];

export class ResourceStatisticsTargets1733000000000 implements MigrationInterface {
  name = 'ResourceStatisticsTargets1733000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const column of UNSELECTED_COLUMNS) await q.query(`ALTER TABLE codebase_resources ALTER COLUMN ${column} SET STATISTICS 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const column of UNSELECTED_COLUMNS) await q.query(`ALTER TABLE codebase_resources ALTER COLUMN ${column} SET STATISTICS -1`);
  }
}
