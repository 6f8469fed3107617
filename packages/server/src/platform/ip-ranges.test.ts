import { describe, expect, it } from 'vitest';
import { addressInRanges, canonicalRange } from './ip-ranges.ts';

describe('IP ranges', () => {
  it('canonicalises addresses and ranges', () => {
    expect(canonicalRange('203.0.113.5')).toBe('203.0.113.5/32');
    expect(canonicalRange(' 203.0.113.0/24 ')).toBe('203.0.113.0/24');
    expect(canonicalRange('2001:DB8:0:0::1')).toBe('2001:db8::1/128');
    expect(canonicalRange('2001:db8::/32')).toBe('2001:db8::/32');
    expect(canonicalRange('::ffff:10.1.2.3')).toBe('10.1.2.3/32');
  });

  it('tells whether an address is inside any range, IPv4 and IPv6', () => {
    const ranges = ['203.0.113.0/24', '198.51.100.7/32', '2001:db8::/32'];
    expect(addressInRanges('203.0.113.200', ranges)).toBe(true);
    expect(addressInRanges('::ffff:203.0.113.9', ranges)).toBe(true);
    expect(addressInRanges('198.51.100.7', ranges)).toBe(true);
    expect(addressInRanges('198.51.100.8', ranges)).toBe(false);
    expect(addressInRanges('2001:db8:1::5', ranges)).toBe(true);
    expect(addressInRanges('2001:db9::1', ranges)).toBe(false);
    expect(addressInRanges('127.0.0.1', [])).toBe(false);
    expect(addressInRanges('not an address', ranges)).toBe(false);
  });
});
