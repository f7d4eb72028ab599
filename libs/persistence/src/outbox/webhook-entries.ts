import { randomUUID } from 'node:crypto';
import { WebhookDeliverMessage, WORK } from '@sca/contracts';
import type { OutboxEntry } from '@sca/messaging';

/** One attempt to send a delivery; the delivery row's state machine makes a repeat harmless. */
export function webhookDeliverEntry(msg: WebhookDeliverMessage): OutboxEntry {
  return { kind: 'work', name: WORK.webhookDeliver, messageId: `${msg.delivery_uuid}.${randomUUID()}`, payload: msg };
}
