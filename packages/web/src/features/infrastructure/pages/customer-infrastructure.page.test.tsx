import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import type { CustomerDashboard } from '@keydeck/contract/infrastructure-dashboards';
import { jsonResponse, renderWithSession, sessionWith } from '../../../test/render';
import { CryptohubCustomerInfrastructurePage } from './cryptohub-customer-infrastructure.page';
import { OdhCustomerInfrastructurePage } from './odh-customer-infrastructure.page';

function serve(dashboard: CustomerDashboard) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === apiPath(ApiPath.customerInfrastructureDashboard, { product: dashboard.product })) return jsonResponse(200, { data: dashboard });
    throw new Error(`unexpected ${String(input)}`);
  });
}

const chart = (title: string) => screen.getByRole('region', { name: title });

describe('customer infrastructure dashboards', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says there is no data yet under each chart of an empty platform, and draws nothing', async () => {
    serve({ product: 'cryptohub', clusters_per_account: [], members_by_state: [], hsms_in_clusters: 0, hsms_standalone: 0, accounts_with_cloud_services: 0 });
    renderWithSession(<CryptohubCustomerInfrastructurePage />, sessionWith([]));
    await screen.findByRole('region', { name: 'Clusters per account' });
    for (const title of ['Clusters per account', 'Cluster members by state']) {
      expect(within(chart(title)).getByTestId('chart-empty').textContent).toMatch(/^No data yet\./);
    }
    expect(within(chart('Accounts with cloud services')).getByText('0')).toBeTruthy();
    expect(document.querySelector('svg.recharts-surface')).toBeNull();
  });

  it('counts every status in the status chart’s legend, in the words customers read, and no empty state where there is data', async () => {
    serve({
      product: 'odh',
      by_status: [
        { status: 'PendingProvisioning', count: 1 },
        { status: 'Enabled', count: 4 },
        { status: 'Failed', count: 0 },
      ],
      by_location: [{ datacenter_id: 'd1', datacenter_name: 'Frankfurt 1', location: 'Frankfurt', count: 5 }],
      top_accounts: [{ account_id: 'a1', account_name: 'Demo Company', count: 5 }],
      created_per_day: [],
    });
    renderWithSession(<OdhCustomerInfrastructurePage />, sessionWith([]));
    const status = await screen.findByRole('region', { name: 'Cloud HSMs by status' });
    const legend = within(status).getAllByRole('listitem').map((item) => item.textContent);
    expect(legend).toEqual(['Pending Provisioning: 1', 'Enabled: 4']);
    expect(within(chart('Cloud HSMs per location')).queryByTestId('chart-empty')).toBeNull();
    expect(within(chart('Cloud HSMs requested per day')).getByTestId('chart-empty')).toBeTruthy();
  });
});
