import type { WebhookInput } from '@sca/contracts';
import type { NewSubscription } from '@sca/persistence';
import { secretOrGenerated } from './webhook-secret';

/** A subscription as it is stored: the secret given, or a generated one (the request that created it shows it once). */
export function newSubscription(w: WebhookInput): NewSubscription {
  return {
    target_url: w.target_url, trigger_on_each_run: w.trigger_on_each_run, include_summary: w.include_summary,
    include_results: w.include_results, is_active: w.is_active, secret: secretOrGenerated(w.secret),
  };
}
