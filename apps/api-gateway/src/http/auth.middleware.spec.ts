import type { Request, Response } from 'express';
import { GatewayConfig } from '../config/gateway.config';
import { ApiError } from './api-error';
import { AuthMiddleware, parseTokenHeader } from './auth.middleware';
import type { StoreClient } from './store-client';

function refusal(header: string): ApiError {
  try {
    parseTokenHeader(header);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${header} was accepted`);
}

describe('parseTokenHeader', () => {
  const key = 'a1b2c3d4'.repeat(8);

  it('returns the key of a Token header, whatever the keyword case and spacing', () => {
    expect(parseTokenHeader(`Token ${key}`)).toBe(key);
    expect(parseTokenHeader(`token ${key}`)).toBe(key);
    expect(parseTokenHeader(`TOKEN   ${key}  `)).toBe(key);
  });

  it('counts a missing header or another scheme as anonymous', () => {
    expect(parseTokenHeader(undefined)).toBeNull();
    expect(parseTokenHeader('')).toBeNull();
    expect(parseTokenHeader(`Bearer ${key}`)).toBeNull();
    expect(parseTokenHeader(`Basic dXNlcjpwYXNz`)).toBeNull();
    expect(parseTokenHeader(`Tokens ${key}`)).toBeNull();
  });

  it.each([
    ['Token', 'Invalid token header. No credentials provided.'],
    ['Token   ', 'Invalid token header. No credentials provided.'],
    ['Token abc def', 'Invalid token header. Token string should not contain spaces.'],
    ['Token abc\u00e9', 'Invalid token header. Token string should not contain invalid characters.'],
  ])('refuses %j with 401 and WWW-Authenticate: Token', (header, detail) => {
    const error = refusal(header);
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ detail });
    expect(error.headers).toEqual({ 'WWW-Authenticate': 'Token' });
  });
});

describe('AuthMiddleware cache', () => {
  const valid = 'v'.repeat(64);
  let calls: string[];
  let middleware: AuthMiddleware;

  beforeEach(() => {
    calls = [];
    // A stand-in for project-store's answer: one valid key, every other token refused.
    const store = {
      call: async (_pattern: string, body: { key: string }) => {
        calls.push(body.key);
        if (body.key !== valid) throw new ApiError(401, { detail: 'Invalid token.' }, { 'WWW-Authenticate': 'Token' });
        return { username: 'alice' };
      },
    } as unknown as StoreClient;
    middleware = new AuthMiddleware(store, Object.assign(new GatewayConfig(), { SERVICE_REQUIRE_AUTHENTICATION: true }));
  });

  async function send(token: string): Promise<unknown> {
    let outcome: unknown = 'not called';
    await middleware.use({ headers: { authorization: `Token ${token}` } } as Request, {} as Response, (error?: unknown) => {
      outcome = error ?? 'next';
    });
    return outcome;
  }

  it('keeps a valid key cached through a flood of random tokens', async () => {
    expect(await send(valid)).toBe('next');
    for (let i = 0; i < 20_000; i++) await send(`bad${i}`);
    calls = [];
    expect(await send(valid)).toBe('next');
    expect(calls).toEqual([]);
  });

  it('answers a cached refusal with the same DRF body', async () => {
    const first = await send('wrong');
    const second = await send('wrong');
    expect(calls).toEqual(['wrong']);
    for (const outcome of [first, second]) {
      expect(outcome).toBeInstanceOf(ApiError);
      expect(outcome).toMatchObject({ status: 401, body: { detail: 'Invalid token.' }, headers: { 'WWW-Authenticate': 'Token' } });
    }
  });
});
