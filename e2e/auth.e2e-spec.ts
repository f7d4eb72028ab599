import { execFileSync } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { join } from 'node:path';
import { Api } from './support/api';
import { startTestStack, TestStack } from './support/test-stack';

let t: TestStack;
let api: Api;
let key: string;

beforeAll(async () => {
  t = await startTestStack({ SERVICE_REQUIRE_AUTHENTICATION: 'true' });
  api = new Api(t.baseUrl);
  key = createUserWithKey('alice');
}, 120_000);

function createUserWithKey(username: string): string {
  const out = execFileSync(process.execPath, [join(__dirname, '..', 'dist/apps/project-store/src/cli.js'), 'create-user', username, '--generate-api-key'], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
  return /API key: ([0-9a-f]{64})/.exec(out)?.[1] ?? '';
}

function sql(query: string): string {
  return execFileSync('psql', [t.db.url, '-Atc', query], { encoding: 'utf8' }).trim();
}

afterAll(async () => {
  await t?.stop();
});

describe('authentication required', () => {
  it('refuses requests without a key, with DRF bodies and WWW-Authenticate', async () => {
    for (const headers of [{}, { authorization: 'Bearer abc' }] as Record<string, string>[]) {
      const res = await api.get('/api/projects/', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(res.headers.get('www-authenticate')).toBe('Token');
    }
    expect((await api.post('/api/projects/', { name: 'nope' })).status).toBe(401);
  });

  it('answers each malformed or wrong token with its message', async () => {
    const cases: [string, string][] = [
      ['Token', 'Invalid token header. No credentials provided.'],
      ['Token a b', 'Invalid token header. Token string should not contain spaces.'],
      [`Token ${'0'.repeat(64)}`, 'Invalid token.'],
      [`Token ${key.slice(0, 8)}${'f'.repeat(56)}`, 'Invalid token.'],
    ];
    for (const [authorization, detail] of cases) {
      const res = await api.get('/api/projects/', { authorization });
      expect({ authorization, status: res.status, body: res.body }).toEqual({ authorization, status: 401, body: { detail } });
    }
  });

  it('accepts the key the CLI printed, case-insensitively on the keyword', async () => {
    expect(key).toHaveLength(64);
    const authed = api.withToken(key);
    expect((await authed.post('/api/projects/', { name: 'with key' })).status).toBe(201);
    expect((await api.get('/api/projects/', { authorization: `token ${key}` })).body.count).toBe(1);
    const stored = sql(`SELECT prefix, key_hash FROM api_tokens WHERE prefix = '${key.slice(0, 8)}'`);
    expect(stored).toMatch(new RegExp(`^${key.slice(0, 8)}\\|hmac_sha256\\$[0-9a-f]{64}$`));
    expect(stored).not.toContain(key);
  });

  it('accepts a key stored by an earlier version (PBKDF2) and rewrites it in the current format', async () => {
    const old = createUserWithKey('legacy-user');
    const salt = 'e2esalt';
    const verifier = `pbkdf2_sha256$600000$${salt}$${pbkdf2Sync(old, salt, 600_000, 32, 'sha256').toString('base64')}`;
    sql(`UPDATE api_tokens SET key_hash = '${verifier}' WHERE prefix = '${old.slice(0, 8)}'`);
    expect((await api.get('/api/projects/', { authorization: `Token ${old.slice(0, 8)}${'0'.repeat(56)}` })).status).toBe(401);
    expect(sql(`SELECT key_hash FROM api_tokens WHERE prefix = '${old.slice(0, 8)}'`)).toBe(verifier);
    expect((await api.withToken(old).get('/api/projects/')).status).toBe(200);
    expect(sql(`SELECT key_hash FROM api_tokens WHERE prefix = '${old.slice(0, 8)}'`)).toMatch(/^hmac_sha256\$[0-9a-f]{64}$/);
    expect((await api.withToken(old).get('/api/projects/')).status).toBe(200);
  });

  it('keeps health public', async () => {
    expect((await fetch(`${t.baseUrl}/health/live`)).status).toBe(200);
  });
});
