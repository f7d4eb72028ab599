import type { LookupAddress } from 'node:dns';
import { FetchRefusal } from './fetch-error';
import { createHostGuard } from './host-guard';

type LookupResult = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookup(allowedHosts: string[], hostname: string, all: boolean): Promise<LookupResult> {
  return new Promise((resolve) =>
    createHostGuard(allowedHosts).lookup(hostname, { all, family: 4 }, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('createHostGuard', () => {
  it('refuses a name that resolves to loopback, in both lookup shapes', async () => {
    for (const all of [true, false]) {
      const { error } = await lookup([], 'localhost', all);
      expect(error).toBeInstanceOf(FetchRefusal);
      expect(error?.message).toBe('host localhost resolves to a non-public address (127.0.0.1); allow it with FETCH_ALLOWED_HOSTS');
    }
  });

  it('answers in the shape Node asked for when allowed', async () => {
    expect(await lookup(['127.0.0.0/8'], 'localhost', false)).toEqual({ error: null, address: '127.0.0.1', family: 4 });
    expect(await lookup(['localhost'], 'localhost', true)).toEqual({ error: null, address: [{ address: '127.0.0.1', family: 4 }], family: undefined });
  });

  it('passes DNS errors through', async () => {
    const { error } = await lookup([], 'no-such-host.invalid', true);
    expect(error?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it('checks IP-literal hosts, which Node never looks up', () => {
    const guard = createHostGuard(['10.0.0.0/8']);
    expect(() => guard.checkUrl(new URL('http://[::ffff:127.0.0.1]/'))).toThrow('host ::ffff:7f00:1 resolves to a non-public address (::ffff:7f00:1)');
    expect(() => guard.checkUrl(new URL('http://2130706433/'))).toThrow('host 127.0.0.1 resolves to a non-public address');
    expect(() => guard.checkUrl(new URL('http://10.1.2.3/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://8.8.8.8/'))).not.toThrow();
    expect(() => guard.checkUrl(new URL('http://example.com/'))).not.toThrow();
  });
});
