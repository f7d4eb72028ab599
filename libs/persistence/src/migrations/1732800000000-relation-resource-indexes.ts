import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deploy-to-develop asks of every resource whether it has a relation on either side: an index
 * on each end of a relation answers it without reading all of the project's relations.
 */
export class RelationResourceIndexes1732800000000 implements MigrationInterface {
  name = 'RelationResourceIndexes1732800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX codebase_relations_to_resource_idx ON codebase_relations (to_resource_id);
      CREATE INDEX codebase_relations_from_resource_idx ON codebase_relations (from_resource_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX codebase_relations_to_resource_idx; DROP INDEX codebase_relations_from_resource_idx;');
  }
}
