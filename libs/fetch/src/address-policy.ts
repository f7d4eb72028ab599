import ipaddr from 'ipaddr.js';

/**
 * Names the special-purpose range an IP address falls in, or 'unicast' for a public one.
 * IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it reaches.
 * Throws on a string that is not an IP address.
 */
export function addressRange(ip: string): string {
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
    // Only 2000::/3 is allocated as global unicast. Everything else (IPv4-compatible ::a.b.c.d,
    // discard-only 100::/64, unassigned space) is refused rather than reasoned about.
    if (!v6.match(GLOBAL_UNICAST)) return v6.range() === 'unicast' ? 'nonGlobal' : v6.range();
    return v6.range();
  }
  return (parsed as ipaddr.IPv4).range();
}

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when the address is publicly routable. Everything else (private, loopback,
 * link-local including cloud metadata 169.254.169.254, CGNAT, multicast, reserved,
 * documentation, 6to4/Teredo/NAT64 that can tunnel to internal IPv4) is not: fetching
 * user-supplied URLs from inside our network must not reach internal services (SSRF).
 */
export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === 'unicast';
}
