import { DataSource } from 'typeorm';
import type { WebhookAttemptView, WebhookDeliveryView } from '@sca/contracts';
import type { Queryable } from '../queryable';
import { isoTs, UUID_RE } from '../queries/sql-fragments';
import { rowsOf } from '../rows-of';
import { writeOutbox } from '../outbox/outbox-store';
import { webhookDeliverEntry } from '../outbox/webhook-entries';

/** A delivery as the webhooks API reads it: the stored fields of the view, with its subscription and run. */
export interface DeliveryRow extends Omit<WebhookDeliveryView, 'run' | 'delivered' | 'success' | 'attempt_log'> {
  webhook_subscription_uuid: string;
  run_uuid: string | null;
}

/** An attempt as the webhooks API reads it: the view with its delivery. */
export interface AttemptRow extends WebhookAttemptView {
  delivery_uuid: string;
}

/*
 * The delivery log of the webhooks API: one query per table for the whole project. Deliveries
 * whose subscription was deleted (SET NULL) belong to no listed subscription and are left out.
 */

/** The project's deliveries, newest first. */
export function listDeliveries(db: Queryable, projectUuid: string): Promise<DeliveryRow[]> {
  return db.query(
    `SELECT d.uuid, d.webhook_subscription_uuid, d.run_uuid, d.event, d.status, d.attempts, d.target_url,
       ${isoTs('d.sent_date')} AS sent_date, ${isoTs('d.delivered_date')} AS delivered_date,
       d.response_status_code, d.response_text, d.delivery_error
     FROM webhook_deliveries d WHERE d.project_uuid = $1 AND d.webhook_subscription_uuid IS NOT NULL
     ORDER BY d.sent_date DESC, d.uuid`,
    [projectUuid],
  );
}

/** The attempts of the project's deliveries, each delivery's in order. */
export function listDeliveryAttempts(db: Queryable, projectUuid: string): Promise<AttemptRow[]> {
  return db.query(
    `SELECT a.delivery_uuid, a.attempt, ${isoTs('a.sent_date')} AS sent_date, a.duration_ms,
       a.response_status_code, a.response_text, a.error
     FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.uuid = a.delivery_uuid
     WHERE d.project_uuid = $1 AND d.webhook_subscription_uuid IS NOT NULL
     ORDER BY a.delivery_uuid, a.attempt, a.id`,
    [projectUuid],
  );
}

/** What a redelivery request found: queued, or the delivery's state that refuses it, or nothing. */
export type RedeliveryResult = { queued: true } | { queued: false; status: string | null };

/**
 * Puts a failed delivery of the project's subscription back to pending and writes its
 * webhook.deliver message, in one transaction. Attempts and their log stay, so the dispatcher
 * numbers the next attempt after the last one; the guard on `failed` queues it once however many
 * requests race.
 */
export async function requeueFailedDelivery(db: DataSource, ref: { project_uuid: string; subscription_uuid: string; delivery_uuid: string }): Promise<RedeliveryResult> {
  if (!UUID_RE.test(ref.subscription_uuid) || !UUID_RE.test(ref.delivery_uuid)) return { queued: false, status: null };
  const params = [ref.delivery_uuid, ref.project_uuid, ref.subscription_uuid];
  const queued = await db.transaction(async (tx) => {
    const rows = rowsOf(await tx.query(
      `UPDATE webhook_deliveries SET status = 'pending', claimed_at = NULL
       WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3 AND status = 'failed' RETURNING uuid`,
      params,
    ));
    if (rows.length > 0) await writeOutbox(tx, [webhookDeliverEntry({ delivery_uuid: ref.delivery_uuid })]);
    return rows.length > 0;
  });
  if (queued) return { queued: true };
  const rows: { status: string }[] = await db.query(
    'SELECT status FROM webhook_deliveries WHERE uuid = $1 AND project_uuid = $2 AND webhook_subscription_uuid = $3',
    params,
  );
  return { queued: false, status: rows[0]?.status ?? null };
}
