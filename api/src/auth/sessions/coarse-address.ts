import ipaddr from 'ipaddr.js';

// The network a session signed in from, never the address itself: an IPv4 address's /24
// ("203.0.113.0/24"), an IPv6 address's /48 ("2001:db8:abcd::/48"). An IPv4 address in IPv6
// clothing (::ffff:203.0.113.7, as a dual-stack socket reports it) counts as IPv4. A loopback
// address is this machine (its /48, "::/48", would tell a person nothing).

/** The coarse network of a client address; null when it is not an IP address. */
export function coarseAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return null;
  }
  if (address.range() === 'loopback') return 'this machine (loopback)';
  if (address.kind() === 'ipv4') {
    const [a, b, c] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const [p0, p1, p2] = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([p0, p1, p2, 0, 0, 0, 0, 0]).toRFC5952String()}/48`;
}
