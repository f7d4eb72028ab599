import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

const ITERATIONS = 600_000;
/** SHA-256 digest size, the length Django stores. */
const HASH_BYTES = 32;

/** A new key: 64 lowercase hex characters, the first 8 of which are its lookup prefix. */
export function generateApiKey(): { key: string; prefix: string } {
  const key = randomBytes(32).toString('hex');
  return { key, prefix: key.slice(0, 8) };
}

/** Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` format. */
export function hashApiKey(key: string, iterations = ITERATIONS): string {
  const salt = randomBytes(16).toString('base64url');
  const hash = pbkdf2Sync(key, salt, iterations, HASH_BYTES, 'sha256').toString('base64');
  return `pbkdf2_sha256$${iterations}$${salt}$${hash}`;
}

/** A malformed stored hash never matches: a short one would otherwise compare only a prefix. */
export function verifyApiKey(key: string, stored: string): boolean {
  const [algorithm, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (algorithm !== 'pbkdf2_sha256' || !Number.isInteger(iterations) || iterations < 1 || iterations > 0x7fffffff || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== HASH_BYTES) return false;
  const actual = pbkdf2Sync(key, salt, iterations, HASH_BYTES, 'sha256');
  return timingSafeEqual(actual, expected);
}
