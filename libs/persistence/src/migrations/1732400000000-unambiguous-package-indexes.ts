import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * While a project is being loaded its rows have no statistics, so the planner estimates one
 * row for `project_uuid = $1` and considers every index that starts with project_uuid equally
 * cheap. On discovered_packages it sometimes picked (project_uuid, uuid) for the writer's
 * per-row package_uid lookups and scanned all the project's packages for each row. Leaving
 * the unique (project_uuid, package_uid) index as the only project-leading index there makes
 * the plan stable; listing a project's packages by uuid sorts a few thousand rows at most.
 * (codebase_resources keeps its status index, which serves the detail summaries; path
 * lookups there run after an ANALYZE, see RecordScope.)
 */
export class UnambiguousPackageIndexes1732400000000 implements MigrationInterface {
  name = 'UnambiguousPackageIndexes1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS discovered_packages_project_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX discovered_packages_project_idx ON discovered_packages (project_uuid, uuid)');
  }
}
