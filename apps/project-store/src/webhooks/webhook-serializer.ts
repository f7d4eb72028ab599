import { WEBHOOK_SUCCESS_CODES, WebhookAttemptView, WebhookDeliveryView, WebhookSubscriptionView } from '@sca/contracts';
import type { AttemptRow, DeliveryRow, SubscriptionRow } from '@sca/persistence';
import { groupBy } from '../common/group-by';

/** The rows of the webhooks API as libs/persistence reads them. */
export type WebhookSubscriptionRow = SubscriptionRow;
export type WebhookDeliveryRow = DeliveryRow;
export type WebhookAttemptRow = AttemptRow;

function serializeAttempt({ attempt, sent_date, duration_ms, response_status_code, response_text, error }: WebhookAttemptRow): WebhookAttemptView {
  return { attempt, sent_date, duration_ms, response_status_code, response_text, error };
}

/** ScanCode.io's delivery fields plus the state and the attempt log; `delivered`/`success` as its model computes them. */
export function serializeDelivery(d: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDeliveryView {
  const code = d.response_status_code;
  return {
    uuid: d.uuid,
    run: d.run_uuid,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    target_url: d.target_url,
    sent_date: d.sent_date,
    delivered_date: d.delivered_date,
    response_status_code: code,
    response_text: d.response_text,
    delivery_error: d.delivery_error,
    delivered: code !== null,
    success: code !== null && WEBHOOK_SUCCESS_CODES.includes(code),
    attempt_log: attempts.map(serializeAttempt),
  };
}

/** Subscriptions in the rows' order (newest first), each with its deliveries; never the secret. */
export function serializeSubscriptions(
  subscriptions: WebhookSubscriptionRow[],
  deliveries: WebhookDeliveryRow[],
  attempts: WebhookAttemptRow[],
): WebhookSubscriptionView[] {
  const deliveriesBySub = groupBy(deliveries, 'webhook_subscription_uuid');
  const attemptsByDelivery = groupBy(attempts, 'delivery_uuid');
  return subscriptions.map(({ uuid, target_url, trigger_on_each_run, include_summary, include_results, is_active, created_date }) => ({
    uuid,
    target_url,
    trigger_on_each_run,
    include_summary,
    include_results,
    is_active,
    created_date,
    deliveries: (deliveriesBySub.get(uuid) ?? []).map((d) => serializeDelivery(d, attemptsByDelivery.get(d.uuid) ?? [])),
  }));
}
