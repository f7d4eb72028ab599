import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { CreatedWebhook, WebhookInput } from '@sca/contracts';
import { WebhookSubscriptionEntity } from '@sca/persistence';
import { secretOrGenerated } from './webhook-secret';

/**
 * Inserts one subscription in the caller's transaction. The secret is stored as given (the
 * dispatcher needs it to compute the HMAC) and handed back so that the request can show it once.
 */
export async function insertWebhookSubscription(tx: EntityManager, projectUuid: string, w: WebhookInput): Promise<CreatedWebhook> {
  const uuid = randomUUID();
  const secret = secretOrGenerated(w.secret);
  await tx.insert(WebhookSubscriptionEntity, {
    uuid,
    project_uuid: projectUuid,
    target_url: w.target_url,
    trigger_on_each_run: w.trigger_on_each_run,
    include_summary: w.include_summary,
    include_results: w.include_results,
    is_active: w.is_active,
    secret,
  });
  return { uuid, target_url: w.target_url, secret };
}
