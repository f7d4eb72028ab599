import { generateWebhookSecret, secretOrGenerated, webhookSecretProblem } from './webhook-secret';

describe('generateWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64url', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64url')).toHaveLength(32);
  });

  it('never repeats and always passes the API bounds', () => {
    const secrets = new Set(Array.from({ length: 200 }, generateWebhookSecret));
    expect(secrets.size).toBe(200);
    for (const s of secrets) expect(webhookSecretProblem(s)).toBeNull();
  });
});

describe('secretOrGenerated', () => {
  it('keeps a given secret as it is and generates one for null or undefined', () => {
    expect(secretOrGenerated('  exactly as given  ')).toBe('  exactly as given  ');
    expect(secretOrGenerated(null)).toMatch(/^whsec_/);
    expect(secretOrGenerated(undefined)).toMatch(/^whsec_/);
  });
});

describe('webhookSecretProblem', () => {
  it('accepts 16 to 200 characters, counted as characters, not bytes', () => {
    expect(webhookSecretProblem('x'.repeat(16))).toBeNull();
    expect(webhookSecretProblem('x'.repeat(200))).toBeNull();
    expect(webhookSecretProblem('é'.repeat(200))).toBeNull();
    expect(webhookSecretProblem('x'.repeat(15))).toBe('must have at least 16 characters');
    expect(webhookSecretProblem('x'.repeat(201))).toBe('must have no more than 200 characters');
  });
});
