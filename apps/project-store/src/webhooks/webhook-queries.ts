import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isoTs } from '@sca/persistence';
import { WebhookAttemptRow, WebhookDeliveryRow, WebhookSubscriptionRow } from './webhook-serializer';

/**
 * Read side of the webhooks API: one query per table for the whole project. Deliveries whose
 * subscription was deleted (SET NULL) belong to no listed subscription and are left out.
 */
@Injectable()
export class WebhookQueries {
  constructor(private readonly db: DataSource) {}

  subscriptions(projectUuid: string): Promise<WebhookSubscriptionRow[]> {
    return this.db.query(
      `SELECT s.uuid, s.target_url, s.trigger_on_each_run, s.include_summary, s.include_results, s.is_active,
         ${isoTs('s.created_date')} AS created_date
       FROM webhook_subscriptions s WHERE s.project_uuid = $1
       ORDER BY s.created_date DESC, s.uuid`,
      [projectUuid],
    );
  }

  deliveries(projectUuid: string): Promise<WebhookDeliveryRow[]> {
    return this.db.query(
      `SELECT d.uuid, d.webhook_subscription_uuid, d.run_uuid, d.event, d.status, d.attempts, d.target_url,
         ${isoTs('d.sent_date')} AS sent_date, ${isoTs('d.delivered_date')} AS delivered_date,
         d.response_status_code, d.response_text, d.delivery_error
       FROM webhook_deliveries d WHERE d.project_uuid = $1 AND d.webhook_subscription_uuid IS NOT NULL
       ORDER BY d.sent_date DESC, d.uuid`,
      [projectUuid],
    );
  }

  attempts(projectUuid: string): Promise<WebhookAttemptRow[]> {
    return this.db.query(
      `SELECT a.delivery_uuid, a.attempt, ${isoTs('a.sent_date')} AS sent_date, a.duration_ms,
         a.response_status_code, a.response_text, a.error
       FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.uuid = a.delivery_uuid
       WHERE d.project_uuid = $1 AND d.webhook_subscription_uuid IS NOT NULL
       ORDER BY a.delivery_uuid, a.attempt, a.id`,
      [projectUuid],
    );
  }
}
