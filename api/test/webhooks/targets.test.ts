import dns from 'node:dns';
import net from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { guardedLookup, isPrivateAddress, resolvePublicAddresses, TargetRefused } from '../../src/webhooks/target-address.js';

// The SSRF guard against every IPv6 spelling of a private IPv4 address: IPv4-mapped, -compatible
// and -translated, NAT64, 6to4, Teredo and ISATAP, written in every textual form, as a URL's host
// and as a DNS answer. Bounded and seeded; on a failure fast-check prints the shrunk address.

const SEED = 19_02;
const RUNS = 300;

/** The IPv4 ranges a webhook must not reach, one arbitrary address in each. */
const privateV4Ranges: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
/** Well-known public blocks (no special-purpose range inside them). */
const publicV4Ranges: [string, number][] = [
  ['1.0.0.0', 8],
  ['8.0.0.0', 8],
  ['93.0.0.0', 8],
  ['151.0.0.0', 8],
  ['185.0.0.0', 8],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

function v4In(ranges: [string, number][]): fc.Arbitrary<number> {
  return fc
    .constantFrom(...ranges)
    .chain(([network, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => v4ToInt(network) + offset));
}

const word = fc.integer({ min: 0, max: 0xffff });
const hi = (v4: number) => Math.floor(v4 / 0x10000);
const lo = (v4: number) => v4 % 0x10000;

/** Every way an IPv6 address carries an IPv4 address that a packet may end up at: 8 words. */
function embeddings(v4: fc.Arbitrary<number>, serverV4: fc.Arbitrary<number>): fc.Arbitrary<{ form: string; words: number[] }> {
  return fc.oneof(
    v4.map((a) => ({ form: 'IPv4-mapped', words: [0, 0, 0, 0, 0, 0xffff, hi(a), lo(a)] })),
    v4.map((a) => ({ form: 'IPv4-compatible', words: [0, 0, 0, 0, 0, 0, hi(a), lo(a)] })),
    v4.map((a) => ({ form: 'IPv4-translated', words: [0, 0, 0, 0, 0xffff, 0, hi(a), lo(a)] })),
    v4.map((a) => ({ form: 'NAT64 64:ff9b::/96', words: [0x64, 0xff9b, 0, 0, 0, 0, hi(a), lo(a)] })),
    fc.tuple(v4, word).map(([a, suffix]) => ({
      // RFC 6052 layout for a /48 prefix: 16 bits, the zero "u" octet, 16 bits, suffix.
      form: 'NAT64 64:ff9b:1::/48',
      words: [0x64, 0xff9b, 1, hi(a), lo(a) >> 8, ((lo(a) & 0xff) << 8) | (suffix >> 8), 0, 0],
    })),
    v4.map((a) => ({ form: 'NAT64 64:ff9b:1::/96', words: [0x64, 0xff9b, 1, 0, 0, 0, hi(a), lo(a)] })),
    fc.tuple(v4, fc.array(word, { minLength: 5, maxLength: 5 })).map(([a, rest]) => ({ form: '6to4', words: [0x2002, hi(a), lo(a), ...rest] })),
    fc.tuple(v4, serverV4, word, word).map(([a, server, flags, port]) => ({
      form: 'Teredo',
      words: [0x2001, 0, hi(server), lo(server), flags, port, hi(a) ^ 0xffff, lo(a) ^ 0xffff],
    })),
    fc.tuple(v4, fc.integer({ min: 0x2000, max: 0x3fff }), fc.array(word, { minLength: 3, maxLength: 3 }), fc.constantFrom(0, 0x100, 0x200, 0x300)).map(
      ([a, first, prefix, flags]) => ({ form: 'ISATAP', words: [first, ...prefix, flags, 0x5efe, hi(a), lo(a)] }),
    ),
  );
}

/** The same 8 words written as people and resolvers do: full, compressed, dotted tail, any case. */
function spellings(words: number[]): fc.Arbitrary<string> {
  const hex = words.map((w) => w.toString(16));
  const dotted = `${words[6] >> 8}.${words[6] & 0xff}.${words[7] >> 8}.${words[7] & 0xff}`;
  return fc
    .tuple(fc.constantFrom('full', 'padded', 'compressed', 'dotted', 'dotted-compressed'), fc.boolean())
    .map(([style, upper]) => {
      const text =
        style === 'full'
          ? hex.join(':')
          : style === 'padded'
            ? hex.map((h) => h.padStart(4, '0')).join(':')
            : style === 'compressed'
              ? compress(hex)
              : style === 'dotted'
                ? `${hex.slice(0, 6).join(':')}:${dotted}`
                : `${compress([...hex.slice(0, 6), '1', '1']).slice(0, -3)}${dotted}`; // placeholders, never in the zero run
      return upper ? text.toUpperCase() : text;
    });
}

/** `::` for the longest run of zero words (two or more). */
function compress(hex: string[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < hex.length; start++) {
    let length = 0;
    while (hex[start + length] === '0') length++;
    if (length > best.length) best = { start, length };
  }
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

function addresses(v4: fc.Arbitrary<number>, serverV4: fc.Arbitrary<number>) {
  return embeddings(v4, serverV4).chain(({ form, words }) => spellings(words).map((text) => ({ form, text })));
}

const privateEmbedded = addresses(v4In(privateV4Ranges), v4In([...privateV4Ranges, ...publicV4Ranges]));

afterEach(() => {
  jest.restoreAllMocks();
});

function lookupWith(allowPrivate: boolean, hostname: string): Promise<string> {
  return new Promise((resolve, reject) =>
    guardedLookup(allowPrivate)(hostname, { all: false }, (error, address) => (error ? reject(error) : resolve(address as string))),
  );
}

describe('webhook targets: IPv6 forms of private IPv4 addresses', () => {
  it.each([
    ['::127.0.0.1'], // the audit's two: IPv4-compatible ...
    ['::ffff:0:127.0.0.1'], // ... and IPv4-translated
    ['::7f00:1'],
    ['::ffff:0:7f00:1'],
    ['::ffff:169.254.169.254'],
    ['::ffff:a9fe:a9fe'],
    ['64:ff9b::10.0.0.1'],
    ['64:ff9b:1::a00:1'],
    ['2002:7f00:1::1'],
    ['2002:c0a8:101::'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe'], // Teredo, client 127.0.0.1 (inverted)
    ['2a00:1450::5efe:10.1.2.3'],
    ['2600:1f18::200:5efe:169.254.169.254'], // ISATAP
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it('refuses the audit\'s two literals as URLs: http://[::127.0.0.1]/ and http://[::ffff:0:127.0.0.1]/', async () => {
    for (const url of ['http://[::127.0.0.1]/hook', 'http://[::ffff:0:127.0.0.1]/hook']) {
      await expect(resolvePublicAddresses(new URL(url).hostname, false)).rejects.toThrow(TargetRefused);
    }
  });

  it('refuses every embedding of a private IPv4 address, in every spelling (property)', async () => {
    await fc.assert(
      fc.asyncProperty(privateEmbedded, async ({ text }) => {
        expect(net.isIP(text)).toBe(6); // the generator writes valid addresses
        expect(isPrivateAddress(text)).toBe(true);
        // As a URL's host (the WHATWG parser normalises the spelling) ...
        await expect(resolvePublicAddresses(new URL(`http://[${text}]:8080/hook`).hostname, false)).rejects.toThrow(TargetRefused);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('refuses a name whose DNS answers include such an address, at save time and at connect time (property)', async () => {
    await fc.assert(
      fc.asyncProperty(privateEmbedded, async ({ text }) => {
        const lookup = jest
          .spyOn(dns.promises, 'lookup')
          .mockResolvedValue([{ address: '93.184.215.14', family: 4 }, { address: text, family: 6 }] as never);
        await expect(resolvePublicAddresses('rebinding.example', false)).rejects.toThrow(TargetRefused);
        await expect(lookupWith(false, 'rebinding.example')).rejects.toThrow(/not allowed/);
        expect(lookup).toHaveBeenCalled();
        lookup.mockRestore();
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('still accepts public addresses, plain and embedded (property)', async () => {
    const publicEmbedded = embeddings(v4In(publicV4Ranges), v4In(publicV4Ranges))
      .filter(({ form }) => !['IPv4-compatible', 'NAT64 64:ff9b:1::/48', 'NAT64 64:ff9b:1::/96', 'ISATAP'].includes(form))
      .chain(({ words }) => spellings(words));
    // Global unicast outside the special-purpose blocks (2001::/23, 2001:db8::/32, 2002::/16, 3fff::/20).
    const plainPublic = fc
      .tuple(fc.integer({ min: 0x2400, max: 0x2fff }), fc.array(word, { minLength: 7, maxLength: 7 }))
      .map(([first, rest]) => [first, ...rest])
      .filter((words) => words[5] !== 0x5efe)
      .chain(spellings);
    await fc.assert(
      fc.asyncProperty(fc.oneof(publicEmbedded, plainPublic), async (text) => {
        expect(isPrivateAddress(text)).toBe(false);
        await expect(resolvePublicAddresses(new URL(`http://[${text}]/`).hostname, false)).resolves.toHaveLength(1);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1']) {
      expect(isPrivateAddress(address)).toBe(false);
    }
  });

  it('with WEBHOOK_ALLOW_PRIVATE_TARGETS (the tests\' receivers on loopback) private addresses pass as before', async () => {
    await expect(resolvePublicAddresses('::127.0.0.1', true)).resolves.toEqual([{ address: '::127.0.0.1', family: 6 }]);
    await expect(resolvePublicAddresses('127.0.0.1', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
