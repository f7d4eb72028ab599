import { pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2Async = promisify(pbkdf2);

/** SHA-256 digest size, the length Django stores. */
const HASH_BYTES = 32;
/**
 * At most this many checks at once. Each takes a libuv pool thread (4 by default) for as long
 * as its iterations last; the rest of the pool stays free for DNS lookups and file I/O.
 */
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Whether `stored` is in Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` format. */
export function isPbkdf2Verifier(stored: string): boolean {
  return stored.startsWith('pbkdf2_sha256$');
}

/**
 * Checks a key against a verifier written by earlier versions (Django's format, 600,000
 * iterations). PBKDF2 runs on the thread pool, never on the event loop: a token that merely
 * shares a stored key's prefix must not stall every other RPC for the length of the hash. A
 * malformed verifier never matches: a short one would otherwise compare only a prefix.
 */
export async function verifyPbkdf2(key: string, stored: string): Promise<boolean> {
  const [algorithm, iter, salt, hash] = stored.split('$');
  const iterations = Number(iter);
  if (algorithm !== 'pbkdf2_sha256' || !Number.isInteger(iterations) || iterations < 1 || iterations > 0x7fffffff || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== HASH_BYTES) return false;
  const actual = await limited(() => pbkdf2Async(key, salt, iterations, HASH_BYTES, 'sha256'));
  return timingSafeEqual(actual, expected);
}
