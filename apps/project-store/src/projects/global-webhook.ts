import { Injectable } from '@nestjs/common';
import { WebhookInput } from '@sca/contracts';
import { webhookSecretProblem } from '../webhooks/webhook-secret';

/**
 * Parses `target_url=...,trigger_on_each_run=False,include_summary=True,...` (SCANCODEIO_GLOBAL_WEBHOOK),
 * plus `secret=...`, the HMAC secret of every project's global subscription (16–200 characters, no
 * comma). Without it each project's global subscription gets its own generated secret, which is
 * never shown: set one to verify the signatures of global deliveries.
 */
export function parseGlobalWebhook(value: string | undefined): WebhookInput | null {
  if (!value?.trim()) return null;
  const fields = Object.fromEntries(
    value.split(',').map((part) => {
      const i = part.indexOf('=');
      return i < 0 ? [part.trim(), ''] : [part.slice(0, i).trim(), part.slice(i + 1).trim()];
    }),
  );
  if (!fields.target_url) throw new Error('GLOBAL_WEBHOOK needs a target_url');
  const secret = fields.secret === undefined ? null : fields.secret;
  const problem = secret === null ? null : webhookSecretProblem(secret);
  if (problem) throw new Error(`GLOBAL_WEBHOOK secret ${problem}`);
  const bool = (v: string | undefined, dflt: boolean) => (v === undefined ? dflt : ['true', '1', 'yes'].includes(v.toLowerCase()));
  return {
    target_url: fields.target_url,
    trigger_on_each_run: bool(fields.trigger_on_each_run, false),
    include_summary: bool(fields.include_summary, false),
    include_results: bool(fields.include_results, false),
    is_active: bool(fields.is_active, true),
    secret,
  };
}

@Injectable()
export class GlobalWebhook {
  constructor(private readonly value: WebhookInput | null) {}
  subscription(): WebhookInput | null {
    return this.value;
  }
}
