import { IsString } from 'class-validator';
import { ProjectRef } from './project-commands';

/** Bounds of a subscription's HMAC secret (the column is varchar(200)). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 200;

/** A delivery's state: `pending` → `sending` → `succeeded` | `retrying` | `failed`. */
export type WebhookDeliveryStatus = 'pending' | 'sending' | 'retrying' | 'succeeded' | 'failed';

/** ScanCode.io's `WebhookDelivery.success`: these status codes count as a successful delivery. */
export const WEBHOOK_SUCCESS_CODES: readonly number[] = [200, 201, 202];

export class WebhookRef extends ProjectRef {
  @IsString() subscription_uuid!: string;
}

export class WebhookDeliveryRef extends WebhookRef {
  @IsString() delivery_uuid!: string;
}

/** A subscription created by a request, with its secret: the only time the secret is shown. */
export interface CreatedWebhook { uuid: string; target_url: string; secret: string }

/** One HTTP attempt of a delivery, as `GET …/webhooks/` shows it. */
export interface WebhookAttemptView {
  attempt: number;
  sent_date: string;
  duration_ms: number;
  response_status_code: number | null;
  response_text: string;
  error: string;
}

export interface WebhookDeliveryView {
  uuid: string;
  run: string | null;
  event: string;
  status: string;
  attempts: number;
  target_url: string;
  sent_date: string;
  delivered_date: string | null;
  response_status_code: number | null;
  response_text: string;
  delivery_error: string;
  delivered: boolean;
  success: boolean;
  attempt_log: WebhookAttemptView[];
}

/** A subscription without its secret, with its deliveries (newest first). */
export interface WebhookSubscriptionView {
  uuid: string;
  target_url: string;
  trigger_on_each_run: boolean;
  include_summary: boolean;
  include_results: boolean;
  is_active: boolean;
  created_date: string;
  deliveries: WebhookDeliveryView[];
}
