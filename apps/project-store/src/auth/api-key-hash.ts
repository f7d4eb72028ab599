import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isPbkdf2Verifier, verifyPbkdf2 } from './legacy-pbkdf2';

const HMAC_PREFIX = 'hmac_sha256$';

/** A new key: 64 lowercase hex characters, the first 8 of which are its lookup prefix. */
export function generateApiKey(): { key: string; prefix: string } {
  const key = randomBytes(32).toString('hex');
  return { key, prefix: key.slice(0, 8) };
}

/**
 * The stored verifier: `hmac_sha256$<hex HMAC-SHA256 of the key under the pepper>`. A fast hash
 * is enough because keys are 256 random bits, not passwords: nothing can be guessed faster for
 * being cheap to check, and a cheap check is what keeps a flood of wrong tokens from starving
 * project-store. The server-side pepper means a leaked table alone does not even let one test
 * a candidate key.
 */
export function hashApiKey(key: string, pepper: string): string {
  return HMAC_PREFIX + createHmac('sha256', pepper).update(key).digest('hex');
}

/** `legacy`: the key matched a verifier of the old PBKDF2 format, which should be rewritten. */
export type ApiKeyCheck = 'valid' | 'legacy' | 'invalid';

/** Compares in constant time; an unknown or malformed verifier never matches. */
export async function verifyApiKey(key: string, stored: string, pepper: string): Promise<ApiKeyCheck> {
  if (isPbkdf2Verifier(stored)) return (await verifyPbkdf2(key, stored)) ? 'legacy' : 'invalid';
  const hex = stored.startsWith(HMAC_PREFIX) ? stored.slice(HMAC_PREFIX.length) : '';
  if (!/^[0-9a-f]{64}$/.test(hex)) return 'invalid';
  const actual = createHmac('sha256', pepper).update(key).digest();
  return timingSafeEqual(actual, Buffer.from(hex, 'hex')) ? 'valid' : 'invalid';
}
