import { describe, expect, it } from 'vitest';
import type { Query } from '@tanstack/react-query';
import type { CloudHsmStatus } from '@keydeck/contract/cloud-hsms-queries';
import { ACCOUNT_ID, cloudHsm, SERVICE_ID } from '../cloud-hsm.fixtures';
import { cloudHsmQueryOptions, cloudHsmsQueryOptions, HEALTH_REFRESH_MS, IN_FLIGHT_REFRESH_MS } from './cloud-hsms.api';

const search = { page: 1, page_size: 10, order: 'asc' as const, order_by: 'name' as const };
const page = (...statuses: CloudHsmStatus[]) => ({ data: statuses.map((status) => cloudHsm({ status })), total: statuses.length });
/** What refetchInterval reads of a query: its data. */
const withData = <T,>(data: T | undefined) => ({ state: { data } }) as unknown as Query<T, Error, T, readonly unknown[]>;

describe('status refresh', () => {
  it('polls a service’s list every 2 s only while an HSM is on its way in or out', () => {
    const interval = cloudHsmsQueryOptions({ accountId: ACCOUNT_ID, serviceId: SERVICE_ID }, search).refetchInterval as (query: unknown) => number | false;
    expect(IN_FLIGHT_REFRESH_MS).toBe(2_000);
    expect(interval(withData(page('Enabled', 'PendingProvisioning')))).toBe(2_000);
    expect(interval(withData(page('Enabled', 'Deprovisioning')))).toBe(2_000);
    expect(interval(withData(page('Enabled', 'Failed', 'Deprovisioned')))).toBe(false);
    expect(interval(withData(undefined))).toBe(false);
  });

  it('polls one HSM every 2 s while it is pending, and at the health sampling pace once enabled', () => {
    const interval = cloudHsmQueryOptions(cloudHsm().id).refetchInterval as (query: unknown) => number | false;
    expect(interval(withData(cloudHsm({ status: 'PendingProvisioning' })))).toBe(2_000);
    expect(interval(withData(cloudHsm({ status: 'Enabled' })))).toBe(HEALTH_REFRESH_MS);
    expect(interval(withData(cloudHsm({ status: 'Failed' })))).toBe(false);
    expect(interval(withData(cloudHsm({ status: 'Deprovisioned' })))).toBe(false);
  });
});
