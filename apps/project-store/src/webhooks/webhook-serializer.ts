import { WEBHOOK_SUCCESS_CODES, WebhookAttemptView, WebhookDeliveryView, WebhookSubscriptionView } from '@sca/contracts';

export interface WebhookSubscriptionRow {
  uuid: string;
  target_url: string;
  trigger_on_each_run: boolean;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean;
  created_date: string;
}

export interface WebhookDeliveryRow {
  uuid: string;
  webhook_subscription_uuid: string;
  run_uuid: string | null;
  event: string;
  status: string;
  attempts: number;
  target_url: string;
  sent_date: string;
  delivered_date: string | null;
  response_status_code: number | null;
  response_text: string;
  delivery_error: string;
}

export interface WebhookAttemptRow {
  delivery_uuid: string;
  attempt: number;
  sent_date: string;
  duration_ms: number;
  response_status_code: number | null;
  response_text: string;
  error: string;
}

function groupBy<T, K extends keyof T>(rows: T[], key: K): Map<T[K], T[]> {
  const map = new Map<T[K], T[]>();
  for (const row of rows) {
    const list = map.get(row[key]);
    if (list) list.push(row);
    else map.set(row[key], [row]);
  }
  return map;
}

export function serializeAttempt(a: WebhookAttemptRow): WebhookAttemptView {
  return {
    attempt: a.attempt,
    sent_date: a.sent_date,
    duration_ms: a.duration_ms,
    response_status_code: a.response_status_code,
    response_text: a.response_text,
    error: a.error,
  };
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
  return subscriptions.map((s) => ({
    uuid: s.uuid,
    target_url: s.target_url,
    trigger_on_each_run: s.trigger_on_each_run,
    include_summary: s.include_summary,
    include_results: s.include_results,
    is_active: s.is_active,
    created_date: s.created_date,
    deliveries: (deliveriesBySub.get(s.uuid) ?? []).map((d) => serializeDelivery(d, attemptsByDelivery.get(d.uuid) ?? [])),
  }));
}
