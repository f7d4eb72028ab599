import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy';
import { compileAllowedHosts } from './allowed-hosts';
import { FetchRefusal } from './fetch-error';

/**
 * The SSRF guard for one download. Two entry points because Node resolves names through
 * the `lookup` hook but connects to IP-literal hosts directly, skipping it.
 */
export interface HostGuard {
  /** Throws a FetchRefusal when the URL's host is an IP literal that may not be fetched. */
  checkUrl(url: URL): void;
  /** A `dns.lookup` replacement that refuses when any resolved address may not be fetched. */
  lookup: LookupFunction;
}

export function createHostGuard(allowedHosts: string[]): HostGuard {
  const allowed = compileAllowedHosts(allowedHosts);

  const refusal = (host: string, ip: string): FetchRefusal | undefined =>
    allowed.permitsName(host) || isPublicAddress(ip) || allowed.permitsAddress(ip)
      ? undefined
      : new FetchRefusal(`host ${host} resolves to a non-public address (${ip}); allow it with FETCH_ALLOWED_HOSTS`);

  const checkUrl = (url: URL): void => {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!isIP(host)) return;
    const refused = refusal(host, host);
    if (refused) throw refused;
  };

  // Validating inside the lookup (not in a pre-flight resolve) means the addresses we check
  // are the ones the socket connects to, so a DNS answer that changes between check and
  // connect (DNS rebinding) cannot slip through.
  const lookup: LookupFunction = (hostname, options, callback) => {
    const all: LookupOptions & { all: true } = { ...options, all: true };
    dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const blocked = addresses.map((a) => refusal(hostname, a.address)).find((r) => r !== undefined);
      if (blocked) return callback(blocked, '');
      if (addresses.length === 0) return callback(notFound(hostname), '');
      // Node asks for all addresses when it races IPv4/IPv6 (autoSelectFamily), one otherwise.
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };

  return { checkUrl, lookup };
}

function notFound(hostname: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  return error;
}
