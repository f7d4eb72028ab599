import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each codebase file of a project lives: runs keep the codebase as one object per run
 * (a concatenation of the files), and `file_content` reads a file with a byte range. One object
 * instead of one per file: a 20,000-file codebase cost about 3 ms of CPU per object to upload.
 */
export class CodebasePackEntries1732500000000 implements MigrationInterface {
  name = 'CodebasePackEntries1732500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE codebase_pack_entries (
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        path text NOT NULL,
        pack_key text NOT NULL,
        pack_offset bigint NOT NULL,
        size bigint NOT NULL,
        PRIMARY KEY (project_uuid, path)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE codebase_pack_entries');
  }
}
