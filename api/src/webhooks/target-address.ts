import dns from 'node:dns';
import net from 'node:net';

// SSRF guard: a webhook may only reach public addresses, unless WEBHOOK_ALLOW_PRIVATE_TARGETS.
// Checked when an endpoint is saved and again at every delivery, on every address the name
// resolves to; the delivery connects to the very address that was checked (guardedLookup), so
// a DNS answer that changes between check and connect (rebinding) cannot slip through.

const privateRanges = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook must not reach by default (private, loopback, link-local, reserved). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? ipv4MappedFromHex(address);
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  return privateRanges.check(address, 'ipv6');
}

/** `::ffff:7f00:1` is 127.0.0.1 too. */
function ipv4MappedFromHex(address: string): string | null {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!match) return null;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
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
