import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Parses FETCH_ALLOWED_HOSTS: comma separated host names, IP addresses and CIDR ranges.
 * A malformed CIDR throws at startup, so a typo cannot silently leave a host blocked
 * (or, worse, make an operator widen the list to get it working).
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) toMatcher(entry);
  return entries;
}

/** Answers whether a host name or a resolved address is on the allow list. */
export interface AllowedHosts {
  permitsName(hostname: string): boolean;
  permitsAddress(ip: string): boolean;
}

type Matcher = { name: string } | { range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

export function compileAllowedHosts(entries: string[]): AllowedHosts {
  const matchers = entries.map(toMatcher);
  const names = new Set(matchers.flatMap((m) => ('name' in m ? [m.name] : [])));
  const ranges = matchers.flatMap((m) => ('range' in m ? [m.range] : []));
  return {
    permitsName: (hostname) => names.has(normalizeName(hostname)),
    permitsAddress: (ip) => {
      // process() turns ::ffff:10.0.0.1 into 10.0.0.1 so IPv4 ranges also cover mapped addresses.
      const address = ipaddr.process(stripBrackets(ip));
      return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
    },
  };
}

function toMatcher(entry: string): Matcher {
  const bare = stripBrackets(entry);
  if (bare.includes('/')) {
    const [address = '', bits = ''] = bare.split('/', 2);
    // net.isIP is strict; ipaddr alone would accept odd IPv4 spellings like "10.1".
    if (!isIP(address) || !/^\d{1,3}$/.test(bits) || !ipaddr.isValidCIDR(bare)) {
      throw new Error(`Invalid CIDR range in FETCH_ALLOWED_HOSTS: '${entry}'`);
    }
    const [base, prefix] = ipaddr.parseCIDR(bare);
    return { range: [ipaddr.process(base.toString()), normalizePrefix(base, prefix)] };
  }
  if (isIP(bare)) {
    const address = ipaddr.process(bare);
    return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  return { name: normalizeName(bare) };
}

/** An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) becomes the IPv4 range it stands for. */
function normalizePrefix(base: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): number {
  return base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() ? Math.max(prefix - 96, 0) : prefix;
}

function normalizeName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
