import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

// SSRF guard: a webhook may only reach public addresses, unless WEBHOOK_ALLOW_PRIVATE_TARGETS.
// Checked when an endpoint is saved and again at every delivery, on every address the name
// resolves to; the delivery connects to the very address that was checked (guardedLookup), so
// a DNS answer that changes between check and connect (rebinding) cannot slip through.
//
// Ranges come from ipaddr.js (its list follows IANA's special-purpose registries): an IPv4
// address must be plain unicast. An IPv6 address that carries an IPv4 address a packet may end
// up at (IPv4-mapped, -translated, NAT64, 6to4, Teredo, ISATAP) is judged by that IPv4 address;
// every other IPv6 address must be global unicast (2000::/3) outside the special-purpose blocks.

/** True for an address a webhook must not reach by default (private, loopback, link-local, reserved). */
export function isPrivateAddress(address: string): boolean {
  if (net.isIP(address) === 0) return true; // not an address at all: refuse
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  return parsed.kind() === 'ipv4' ? isPrivateIPv4(parsed as ipaddr.IPv4) : isPrivateIPv6(parsed as ipaddr.IPv6);
}

function isPrivateIPv4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast';
}

const globalUnicast = ipaddr.parseCIDR('2000::/3');

function isPrivateIPv6(address: ipaddr.IPv6): boolean {
  const w = address.parts; // eight 16-bit words
  // ::a.b.c.d, IPv4-compatible: deprecated and never routed (:: and ::1 are in it too).
  if (w.slice(0, 6).every((word) => word === 0)) return true;
  // 64:ff9b:1::/48, NAT64 for local use: where the IPv4 address sits is the network's choice.
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return true;
  const byPrefix = carriedByPrefix(w);
  // <any prefix>:0:5efe:a.b.c.d (u/g bits may be set), ISATAP: a host on the tunnel's IPv4 network.
  const isatap = (w[4] & 0xfcff) === 0 && w[5] === 0x5efe ? [ipv4(w[6], w[7])] : [];
  if ([...(byPrefix ?? []), ...isatap].some(isPrivateIPv4)) return true;
  if (byPrefix) return false;
  return address.range() !== 'unicast' || !address.match(globalUnicast);
}

/** The IPv4 addresses a packet to this IPv6 address may be delivered to, by its prefix; null for none. */
function carriedByPrefix(w: number[]): ipaddr.IPv4[] | null {
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  // ::ffff:a.b.c.d, IPv4-mapped: the socket connects to a.b.c.d.
  if (zeros(0, 5) && w[5] === 0xffff) return [ipv4(w[6], w[7])];
  // ::ffff:0:a.b.c.d, IPv4-translated (SIIT).
  if (zeros(0, 4) && w[4] === 0xffff && w[5] === 0) return [ipv4(w[6], w[7])];
  // 64:ff9b::a.b.c.d, NAT64's well-known prefix.
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return [ipv4(w[6], w[7])];
  // 2002:AABB:CCDD::/48, 6to4: the gateway's IPv4 address.
  if (w[0] === 0x2002) return [ipv4(w[1], w[2])];
  // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, Teredo: the server, and the client inverted.
  if (w[0] === 0x2001 && w[1] === 0) return [ipv4(w[2], w[3]), ipv4(w[6] ^ 0xffff, w[7] ^ 0xffff)];
  return null;
}

function ipv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

/** Every address of `hostname` (an IP literal is its own address), each checked. */
export async function resolvePublicAddresses(hostname: string, allowPrivate: boolean): Promise<dns.LookupAddress[]> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(bare);
  const addresses = literal
    ? [{ address: bare, family: literal }]
    : await dns.promises.lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new TargetRefused(`Host name ${bare} could not be resolved`);
      });
  if (addresses.length === 0) throw new TargetRefused(`Host name ${bare} could not be resolved`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) throw new TargetRefused(`Private, loopback and link-local addresses are not allowed (${refused.address})`);
  }
  return addresses;
}

/** A `lookup` for http.request: resolves, refuses when any address is private, connects to a checked one. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`No IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        } else if (options.all) {
          (callback as unknown as (err: null, addresses: dns.LookupAddress[]) => void)(null, wanted);
        } else {
          callback(null, wanted[0].address, wanted[0].family);
        }
      },
      (error: Error) => callback(Object.assign(error, { code: 'ENOTFOUND' }) as NodeJS.ErrnoException, '', 4),
    );
  };
}
