import { generateApiKey, hashApiKey, verifyApiKey } from './api-key-hash';

const FAST = 10;

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

  it("writes Django's pbkdf2_sha256 format", () => {
    expect(hashApiKey(key, FAST)).toMatch(/^pbkdf2_sha256\$10\$[A-Za-z0-9_-]+\$[A-Za-z0-9+/]{43}=$/);
    expect(hashApiKey(key)).toMatch(/^pbkdf2_sha256\$600000\$/);
  });

  it('salts every hash', () => {
    expect(hashApiKey(key, FAST)).not.toBe(hashApiKey(key, FAST));
  });

  it('accepts the right key and refuses a wrong one', () => {
    const stored = hashApiKey(key, FAST);
    expect(verifyApiKey(key, stored)).toBe(true);
    expect(verifyApiKey('b'.repeat(64), stored)).toBe(false);
    expect(verifyApiKey(key.slice(0, 63), stored)).toBe(false);
    expect(verifyApiKey('', stored)).toBe(false);
  });

  it('verifies a hash made by Django make_password', () => {
    // pbkdf2_sha256, 1000 iterations, salt "salt", password "secret"
    expect(verifyApiKey('secret', 'pbkdf2_sha256$1000$salt$qN+JnzxPIE2WfgrWPAkph8EAVeuwF7PZ0ordIY1Peq0=')).toBe(true);
  });

  it.each([
    ['another algorithm', (h: string) => h.replace('pbkdf2_sha256', 'md5')],
    ['missing parts', (h: string) => h.split('$').slice(0, 3).join('$')],
    ['an empty string', () => ''],
    ['non-numeric iterations', (h: string) => h.replace('$10$', '$ten$')],
    ['zero iterations', (h: string) => h.replace('$10$', '$0$')],
    ['iterations out of range', (h: string) => h.replace('$10$', '$4294967296$')],
    ['a hash that decodes to nothing', (h: string) => `${h.slice(0, h.lastIndexOf('$'))}$!!!!`],
    ['a truncated hash', (h: string) => h.slice(0, -8)],
  ])('refuses a stored hash with %s', (_label, corrupt) => {
    const stored = corrupt(hashApiKey(key, FAST));
    expect(verifyApiKey(key, stored)).toBe(false);
    expect(verifyApiKey('anything', stored)).toBe(false);
  });
});
