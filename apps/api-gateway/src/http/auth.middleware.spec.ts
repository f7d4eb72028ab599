import { ApiError } from './api-error';
import { parseTokenHeader } from './auth.middleware';

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
