import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Api } from './support/api';
import { startTestStack, TestStack } from './support/test-stack';

let t: TestStack;
let api: Api;
let key: string;

beforeAll(async () => {
  t = await startTestStack({ SERVICE_REQUIRE_AUTHENTICATION: 'true' });
  api = new Api(t.baseUrl);
  const out = execFileSync(process.execPath, [join(__dirname, '..', 'dist/apps/project-store/src/cli.js'), 'create-user', 'alice', '--generate-api-key'], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
  key = /API key: ([0-9a-f]{64})/.exec(out)?.[1] ?? '';
}, 120_000);

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
    const stored = execFileSync('psql', [t.db.url, '-Atc', 'SELECT prefix, key_hash FROM api_tokens'], { encoding: 'utf8' }).trim();
    expect(stored.startsWith(`${key.slice(0, 8)}|pbkdf2_sha256$`)).toBe(true);
    expect(stored).not.toContain(key);
  });

  it('keeps health public', async () => {
    expect((await fetch(`${t.baseUrl}/health/live`)).status).toBe(200);
  });
});
