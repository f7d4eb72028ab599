import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pack entry may point at a zip member inside a stored copy of the input zip instead of at bytes
 * the run uploaded again: `deflated_size` is then the member's raw-deflate length at `pack_offset`
 * (`size` stays the file's own size). Null for plain bytes.
 */
export class DeflatedPackEntries1732900000000 implements MigrationInterface {
  name = 'DeflatedPackEntries1732900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE codebase_pack_entries ADD COLUMN deflated_size bigint');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE codebase_pack_entries DROP COLUMN deflated_size');
  }
}
