import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows a run inserts (as of this migration). */
const RUN_RECORD_TABLES = ['project_messages', 'codebase_relations', 'discovered_dependencies', 'discovered_licenses', 'discovered_packages', 'codebase_resources'] as const;

/**
 * Runs survive faults (issue 13):
 * - `lost_attempts` counts executions lost with their runner (killed, or cut off from a
 *   dependency); a run is resumed until RUN_MAX_ATTEMPTS, then ends stale;
 *   `dispatched_at` is when its latest run.execute message was written, for the sweeper;
 * - `run_uuid` on the records a run inserts, so that a resumed run starts clean;
 * - `outbox_messages`: messages written in the transaction of the change they announce,
 *   relayed to RabbitMQ until the broker confirms them;
 * - `webhook_deliveries.announced_at`: when a delivery abandoned mid-attempt was last announced
 *   again, so the sweeper announces it once per claim period.
 */
export class RunResumptionAndOutbox1732700000000 implements MigrationInterface {
  name = 'RunResumptionAndOutbox1732700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE runs
        ADD COLUMN lost_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN dispatched_at timestamptz;
      CREATE INDEX runs_queued_idx ON runs (dispatched_at) WHERE task_id IS NOT NULL AND task_start_date IS NULL AND task_end_date IS NULL;
    `);
    for (const table of RUN_RECORD_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN run_uuid uuid`);
      await q.query(`CREATE INDEX ${table}_run_idx ON ${table} (run_uuid) WHERE run_uuid IS NOT NULL`);
    }
    await q.query(`
      ALTER TABLE webhook_deliveries ADD COLUMN announced_at timestamptz;
      CREATE TABLE outbox_messages (
        id bigserial PRIMARY KEY,
        kind varchar(10) NOT NULL,
        name varchar(100) NOT NULL,
        message_id varchar(200) NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text NOT NULL DEFAULT ''
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE outbox_messages; ALTER TABLE webhook_deliveries DROP COLUMN announced_at');
    for (const table of RUN_RECORD_TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN run_uuid`);
    await q.query('DROP INDEX runs_queued_idx; ALTER TABLE runs DROP COLUMN lost_attempts, DROP COLUMN dispatched_at');
  }
}
