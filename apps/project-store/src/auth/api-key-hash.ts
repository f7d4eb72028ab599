import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

const ITERATIONS = 600_000;

/** A new key: 64 lowercase hex characters, the first 8 of which are its lookup prefix. */
export function generateApiKey(): { key: string; prefix: string } {
  const key = randomBytes(32).toString('hex');
  return { key, prefix: key.slice(0, 8) };
}

/** Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` format. */
export function hashApiKey(key: string, iterations = ITERATIONS): string {
  const salt = randomBytes(16).toString('base64url');
  const hash = pbkdf2Sync(key, salt, iterations, 32, 'sha256').toString('base64');
  return `pbkdf2_sha256$${iterations}$${salt}$${hash}`;
}

export function verifyApiKey(key: string, stored: string): boolean {
  const [algorithm, iter, salt, hash] = stored.split('$');
  if (algorithm !== 'pbkdf2_sha256' || !iter || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = pbkdf2Sync(key, salt, Number(iter), expected.length, 'sha256');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
