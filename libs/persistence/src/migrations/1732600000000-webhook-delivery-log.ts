import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook deliveries as a work log: one delivery per (subscription, run, event), its state
 * (`pending` → `sending` → `succeeded` | `retrying` | `failed`) guarded in SQL so a redelivered
 * message never sends twice after a success, and every HTTP attempt recorded.
 */
export class WebhookDeliveryLog1732600000000 implements MigrationInterface {
  name = 'WebhookDeliveryLog1732600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_deliveries
        ADD COLUMN event varchar(50) NOT NULL DEFAULT 'run.completed',
        ADD COLUMN status varchar(20) NOT NULL DEFAULT 'pending',
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN claimed_at timestamptz,
        ADD COLUMN delivered_date timestamptz;
      CREATE UNIQUE INDEX webhook_deliveries_once_idx ON webhook_deliveries (webhook_subscription_uuid, run_uuid, event);

      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_uuid uuid NOT NULL REFERENCES webhook_deliveries(uuid) ON DELETE CASCADE,
        attempt integer NOT NULL,
        sent_date timestamptz NOT NULL DEFAULT clock_timestamp(),
        duration_ms integer NOT NULL,
        response_status_code integer,
        response_text text NOT NULL DEFAULT '',
        error text NOT NULL DEFAULT ''
      );
      CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_uuid, attempt);

      -- Subscriptions made before secrets existed get a random one (two v4 UUIDs, 244 random
      -- bits) rather than signing with an empty key; their owners re-add them to learn a secret.
      UPDATE webhook_subscriptions SET secret = 'whsec_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
      WHERE secret IS NULL OR secret = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE webhook_delivery_attempts;
      DROP INDEX webhook_deliveries_once_idx;
      ALTER TABLE webhook_deliveries DROP COLUMN event, DROP COLUMN status, DROP COLUMN attempts, DROP COLUMN claimed_at, DROP COLUMN delivered_date`);
  }
}
