import { describe, expect, it } from '@jest/globals';
import { coarseAddress } from '../../src/auth/sessions/coarse-address.js';

describe('the network a session signed in from', () => {
  it('is an IPv4 /24, an IPv6 /48, IPv4 in IPv6 clothing as IPv4, and never the address', () => {
    expect(coarseAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(coarseAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(coarseAddress('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd::/48');
  });

  it('calls loopback this machine (its /48 would read "::/48")', () => {
    expect(coarseAddress('::1')).toBe('this machine (loopback)');
    expect(coarseAddress('127.0.0.1')).toBe('this machine (loopback)');
    expect(coarseAddress('::ffff:127.0.0.1')).toBe('this machine (loopback)');
  });

  it('is null for anything that is not an address', () => {
    for (const value of [null, undefined, '', 'unknown', '999.1.1.1', 'localhost']) expect(coarseAddress(value)).toBeNull();
  });
});
