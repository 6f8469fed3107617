import { describe, expect, it } from 'vitest';
import { blueprintFields } from './blueprints.ts';
import { globalServerFields } from './datacenters.ts';
import { InfrastructureMessages } from './infrastructure.ts';
import { formatAddressCount, parseAddress, parsePoolCidr, usableAddresses, utilisationPercent } from './ip-addresses.ts';
import { ipamPoolFields } from './ipam.ts';

describe('pool CIDRs', () => {
  it('accepts IPv4 and IPv6 networks in their canonical form', () => {
    expect(parsePoolCidr(' 10.20.0.0/24 ')).toEqual({ ok: true, value: { family: 'ipv4', prefix: 24, cidr: '10.20.0.0/24' } });
    expect(parsePoolCidr('FD00:0010:0000::/64')).toEqual({ ok: true, value: { family: 'ipv6', prefix: 64, cidr: 'fd00:10::/64' } });
  });

  it('names the network address of a CIDR with host bits set', () => {
    expect(parsePoolCidr('10.0.0.1/24')).toEqual({ ok: false, message: InfrastructureMessages.cidrHostBits('10.0.0.1/24', '10.0.0.0/24') });
    expect(parsePoolCidr('fd00::1/64')).toEqual({ ok: false, message: InfrastructureMessages.cidrHostBits('fd00::1/64', 'fd00::/64') });
  });

  it('keeps prefixes within the bounds and refuses what is not a CIDR', () => {
    expect(parsePoolCidr('10.0.0.0/7')).toEqual({ ok: false, message: 'An IPv4 pool is between /8 and /30' });
    expect(parsePoolCidr('10.0.0.0/31')).toEqual({ ok: false, message: 'An IPv4 pool is between /8 and /30' });
    expect(parsePoolCidr('fd00::/48')).toEqual({ ok: false, message: 'An IPv6 pool is between /64 and /126' });
    for (const bad of ['10.0.0.0', '10.0/8', '10.0.0.0/33', 'fe80::%eth0/64', 'pool', '']) {
      expect(parsePoolCidr(bad)).toEqual({ ok: false, message: InfrastructureMessages.cidrInvalid });
    }
    expect(ipamPoolFields.safeParse({ cidr: '192.168.1.5/24' }).error?.issues[0]?.message).toBe(
      InfrastructureMessages.cidrHostBits('192.168.1.5/24', '192.168.1.0/24'),
    );
  });

  it('counts usable addresses and shows large counts as a power of two', () => {
    expect(usableAddresses('ipv4', 24)).toBe(254n);
    expect(usableAddresses('ipv4', 30)).toBe(2n);
    expect(usableAddresses('ipv6', 126)).toBe(3n);
    expect(formatAddressCount(65_534n)).toBe('65,534');
    expect(formatAddressCount(usableAddresses('ipv6', 64))).toBe('≈ 2^64');
    expect(utilisationPercent(3, 254n)).toBe(1.18);
    expect(utilisationPercent(3, usableAddresses('ipv6', 64))).toBe(0);
    expect(utilisationPercent(0, 0n)).toBe(0);
  });
});

const SOME_ID = '0b6c3c57-2f4e-4a52-9a4e-2f1c1f6f2f10';

describe('server addresses and blueprints', () => {
  it('accepts IPv4 and IPv6 addresses only', () => {
    expect(parseAddress('10.1.2.3')).toBe('10.1.2.3');
    expect(parseAddress('2001:DB8::1')).toBe('2001:db8::1');
    for (const bad of ['10.1.2', '010.1.2.3', '10.1.2.3/24', 'fe80::1%eth0', 'host']) expect(parseAddress(bad)).toBeNull();
    const server = { datacenter_id: SOME_ID, hostname: 'hsm-01.fra1.example.net', role: 'provisioner' };
    expect(globalServerFields.safeParse({ ...server, address: '10.1.2.3' }).success).toBe(true);
    expect(globalServerFields.safeParse({ ...server, address: '10.1.2.300' }).success).toBe(false);
    expect(globalServerFields.safeParse({ ...server, address: '10.1.2.3', hostname: '-bad-' }).success).toBe(false);
  });

  it('fills policy defaults and refuses unknown policies', () => {
    const base = { name: 'Standard', model: 'softhsm2', partitions: 1, ports: 2, provisioner_group_id: SOME_ID };
    expect(blueprintFields.parse(base).policies).toEqual({ fips_mode: false, min_pin_length: 8, backup_allowed: true });
    expect(blueprintFields.safeParse({ ...base, policies: { min_pin_length: 3 } }).success).toBe(false);
    expect(blueprintFields.safeParse({ ...base, policies: { export_keys: true } }).success).toBe(false);
  });
});
