/**
 * Anonymous pull tokens as public registries hand them out (the distribution "token"
 * authentication): a 401 carries `WWW-Authenticate: Bearer realm="…",service="…",scope="…"`,
 * the realm answers a GET with `{"token": …}` (or `access_token`), sent back as
 * `Authorization: Bearer <token>`.
 */
import { FetchRefusal } from './fetch-error';

export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

/** Parses one challenge (`Bearer realm="https://auth.docker.io/token",service="registry.docker.io"`). */
export function parseChallenge(header: string): AuthChallenge | null {
  const m = /^\s*([A-Za-z]+)\s*(.*)$/s.exec(header);
  if (!m) return null;
  const params: Record<string, string> = {};
  const re = /([A-Za-z_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?/g;
  for (let p = re.exec(m[2]); p; p = re.exec(m[2])) params[p[1].toLowerCase()] = (p[2] ?? p[3] ?? '').replace(/\\(.)/g, '$1');
  return { scheme: m[1].toLowerCase(), params };
}

/** The token request URL for `challenge`, asking to pull `repository`. */
export function tokenUrl(challenge: AuthChallenge, repository: string): URL {
  if (challenge.scheme !== 'bearer') throw new FetchRefusal(`registry asks for ${challenge.scheme} authentication; only anonymous bearer tokens are supported`);
  const realm = challenge.params['realm'];
  if (!realm) throw new FetchRefusal('registry bearer challenge without a realm');
  const url = new URL(realm);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchRefusal(`unsupported token realm ${realm}`);
  if (challenge.params['service']) url.searchParams.set('service', challenge.params['service']);
  url.searchParams.set('scope', challenge.params['scope'] ?? `repository:${repository}:pull`);
  return url;
}

export function tokenFromResponse(body: Buffer): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new FetchRefusal('token endpoint answered with invalid JSON');
  }
  const { token, access_token: accessToken } = (parsed ?? {}) as { token?: unknown; access_token?: unknown };
  const value = typeof token === 'string' && token ? token : typeof accessToken === 'string' ? accessToken : '';
  if (!value) throw new FetchRefusal('token endpoint answered without a token');
  return value;
}
