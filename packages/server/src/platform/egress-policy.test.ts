import { describe, expect, it } from 'vitest';
import { egressAllowed } from './egress-policy.ts';

const own = [{ host: '127.0.0.1', port: 8080 }, { host: 'db.internal', port: 5432 }];

describe('the egress policy', () => {
  it('closes loopback, link-local (cloud metadata), private, carrier-grade NAT and multicast addresses by default', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '169.254.169.254', 'fe80::1', '10.0.0.1', '172.16.5.5', '192.168.1.1', '100.64.0.1', 'fd00::1', '224.0.0.1', '0.0.0.0', '::']) {
      expect([address, egressAllowed(address, 514, [], own)]).toEqual([address, false]);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '172.32.0.1']) expect(egressAllowed(address, 514, [], own)).toBe(true);
  });

  it('opens what a platform administrator allowed, but never the console’s own listener', () => {
    expect(egressAllowed('127.0.0.1', 514, ['127.0.0.1/32'], own)).toBe(true);
    expect(egressAllowed('::ffff:127.0.0.1', 514, ['127.0.0.1/32'], own)).toBe(true);
    expect(egressAllowed('127.0.0.1', 8080, ['127.0.0.1/32'], own)).toBe(false);
    expect(egressAllowed('10.1.2.3', 514, ['10.1.0.0/16'], own)).toBe(true);
    expect(egressAllowed('10.2.0.1', 514, ['10.1.0.0/16'], own)).toBe(false);
  });
});
