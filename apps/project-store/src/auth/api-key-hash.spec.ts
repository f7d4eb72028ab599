import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { generateApiKey, hashApiKey, verifyApiKey } from './api-key-hash';

const PEPPER = 'a pepper for the tests';

/** A verifier in the format earlier versions stored (Django's make_password). */
function pbkdf2Verifier(key: string, iterations = 10): string {
  const salt = randomBytes(16).toString('base64url');
  return `pbkdf2_sha256$${iterations}$${salt}$${pbkdf2Sync(key, salt, iterations, 32, 'sha256').toString('base64')}`;
}

describe('generateApiKey', () => {
  it('makes a 64-character lowercase hex key whose first 8 characters are the prefix', () => {
    const { key, prefix } = generateApiKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(prefix).toBe(key.slice(0, 8));
  });

  it('never makes the same key twice', () => {
    expect(generateApiKey().key).not.toBe(generateApiKey().key);
  });
});

describe('hashApiKey / verifyApiKey', () => {
  const key = 'a'.repeat(64);

  it('stores the HMAC-SHA256 of the key under the pepper', () => {
    expect(hashApiKey(key, PEPPER)).toMatch(/^hmac_sha256\$[0-9a-f]{64}$/);
    expect(hashApiKey(key, PEPPER)).toBe(hashApiKey(key, PEPPER));
    expect(hashApiKey(key, 'another pepper!!')).not.toBe(hashApiKey(key, PEPPER));
  });

  it('accepts the right key and refuses a wrong one or another pepper', async () => {
    const stored = hashApiKey(key, PEPPER);
    await expect(verifyApiKey(key, stored, PEPPER)).resolves.toBe('valid');
    for (const wrong of ['b'.repeat(64), key.slice(0, 63), `${key}a`, '']) await expect(verifyApiKey(wrong, stored, PEPPER)).resolves.toBe('invalid');
    await expect(verifyApiKey(key, stored, 'another pepper!!')).resolves.toBe('invalid');
  });

  it.each([
    ['another algorithm', (h: string) => h.replace('hmac_sha256', 'hmac_md5')],
    ['no digest', () => 'hmac_sha256$'],
    ['a truncated digest', (h: string) => h.slice(0, -2)],
    ['trailing garbage', (h: string) => `${h}zz`],
    ['upper-case hex', (h: string) => h.toUpperCase().replace('HMAC_SHA256', 'hmac_sha256')],
    ['an empty string', () => ''],
  ])('refuses a stored verifier with %s', async (_label, corrupt) => {
    await expect(verifyApiKey(key, corrupt(hashApiKey(key, PEPPER)), PEPPER)).resolves.toBe('invalid');
  });
});

describe('verifyApiKey on verifiers of earlier versions (PBKDF2)', () => {
  const key = 'a'.repeat(64);

  it('accepts the right key as legacy, so that the caller rewrites the verifier', async () => {
    const stored = pbkdf2Verifier(key);
    await expect(verifyApiKey(key, stored, PEPPER)).resolves.toBe('legacy');
    await expect(verifyApiKey('b'.repeat(64), stored, PEPPER)).resolves.toBe('invalid');
    await expect(verifyApiKey('', stored, PEPPER)).resolves.toBe('invalid');
  });

  it('verifies a hash made by Django make_password', async () => {
    // pbkdf2_sha256, 1000 iterations, salt "salt", password "secret"
    await expect(verifyApiKey('secret', 'pbkdf2_sha256$1000$salt$qN+JnzxPIE2WfgrWPAkph8EAVeuwF7PZ0ordIY1Peq0=', PEPPER)).resolves.toBe('legacy');
  });

  it('runs PBKDF2 off the event loop', async () => {
    const stored = pbkdf2Verifier(key, 200_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await verifyApiKey(key, stored, PEPPER);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it.each([
    ['missing parts', (h: string) => h.split('$').slice(0, 3).join('$')],
    ['non-numeric iterations', (h: string) => h.replace('$10$', '$ten$')],
    ['zero iterations', (h: string) => h.replace('$10$', '$0$')],
    ['iterations out of range', (h: string) => h.replace('$10$', '$4294967296$')],
    ['a hash that decodes to nothing', (h: string) => `${h.slice(0, h.lastIndexOf('$'))}$!!!!`],
    ['a truncated hash', (h: string) => h.slice(0, -8)],
  ])('refuses a stored hash with %s', async (_label, corrupt) => {
    const stored = corrupt(pbkdf2Verifier(key));
    await expect(verifyApiKey(key, stored, PEPPER)).resolves.toBe('invalid');
    await expect(verifyApiKey('anything', stored, PEPPER)).resolves.toBe('invalid');
  });
});
