import { describe, expect, it } from 'vitest';
import { formatRange, isNetworkAddress, networkOf, parseIp, parseRange, rangeIncludes } from './service-addresses.ts';

/** What the WHATWG URL parser (browsers, Node: new URL('http://[…]').hostname) makes of each: the RFC 5952 form. */
const URL_FORMS = [
  ['2001:DB8::', '2001:db8::'],
  ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
  ['0:0:0:0:0:0:0:0', '::'],
  ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
  ['fe80::1:0:0:0', 'fe80::1:0:0:0'],
  ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ['1:0:2:3:4:5:6:7', '1:0:2:3:4:5:6:7'],
] as const;

describe('address arithmetic', () => {
  it('parses IPv4, IPv6 and IPv4-mapped IPv6, and refuses what is neither', () => {
    expect(parseIp('203.0.113.5')).toEqual({ v4: true, value: 0xcb007105n });
    expect(parseIp('::1')).toEqual({ v4: false, value: 1n });
    expect(parseIp('::ffff:203.0.113.5')).toEqual({ v4: true, value: 0xcb007105n });
    expect(parseIp('::FFFF:cb00:7105')).toEqual({ v4: true, value: 0xcb007105n });
    for (const bad of ['256.1.1.1', '1.2.3', '1:2:3:4:5:6:7:8:9', '1::2::3', 'fe80::1%eth0', 'gggg::', '', '1.2.3.4.5', '12345::']) {
      expect([bad, parseIp(bad)]).toEqual([bad, null]);
    }
  });

  it('writes ranges in canonical form, IPv6 as the URL parser does', () => {
    for (const [address, canonical] of URL_FORMS) expect(formatRange(parseRange(address)!)).toBe(`${canonical}/128`);
    expect(formatRange(parseRange('203.0.113.5')!)).toBe('203.0.113.5/32');
    expect(formatRange(parseRange(' 10.0.0.0/8 ')!)).toBe('10.0.0.0/8');
    expect(parseRange('10.0.0.0/33')).toBeNull();
    expect(parseRange('2001:db8::/129')).toBeNull();
    expect(parseRange('10.0.0.0/x')).toBeNull();
    expect(parseRange('::ffff:10.0.0.1/120')).toBeNull();
  });

  it('tells a network address from one with host bits set', () => {
    expect(isNetworkAddress(parseRange('203.0.113.0/24')!)).toBe(true);
    expect(isNetworkAddress(parseRange('203.0.113.5/24')!)).toBe(false);
    expect(formatRange(networkOf(parseRange('203.0.113.5/24')!))).toBe('203.0.113.0/24');
    expect(formatRange(networkOf(parseRange('2001:db8::1/32')!))).toBe('2001:db8::/32');
    expect(isNetworkAddress(parseRange('0.0.0.0/0')!)).toBe(true);
  });

  it('matches an address against a range', () => {
    expect(rangeIncludes('203.0.113.0/24', '203.0.113.200')).toBe(true);
    expect(rangeIncludes('203.0.113.0/24', '203.0.114.1')).toBe(false);
    expect(rangeIncludes('203.0.113.0/24', '::ffff:203.0.113.7')).toBe(true);
    expect(rangeIncludes('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(rangeIncludes('2001:db8::/32', '203.0.113.7')).toBe(false);
    expect(rangeIncludes('0.0.0.0/0', '198.51.100.1')).toBe(true);
    expect(rangeIncludes('not-a-range', '198.51.100.1')).toBe(false);
  });
});
