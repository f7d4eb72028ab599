import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_MAX_LENGTH, WEBHOOK_SECRET_MIN_LENGTH } from '@sca/contracts';

/** A new subscription secret: `whsec_` and 32 random bytes in base64url (49 characters). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The secret a subscription is stored with: the one given, or a new one. */
export function secretOrGenerated(given: string | null | undefined): string {
  return given ?? generateWebhookSecret();
}

/** Why a configured secret cannot be used, or null when it can (the API's DTO checks the same bounds). */
export function webhookSecretProblem(secret: string): string | null {
  const length = [...secret].length;
  if (length < WEBHOOK_SECRET_MIN_LENGTH) return `must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`;
  if (length > WEBHOOK_SECRET_MAX_LENGTH) return `must have no more than ${WEBHOOK_SECRET_MAX_LENGTH} characters`;
  return null;
}
