import { accountsListQuery } from '@keydeck/contract/accounts-queries';
import { Permission } from '@keydeck/contract/permissions';
import { portRangesQuery } from '@keydeck/contract/port-ranges-queries';
import { paymentsSearch } from '../../features/billing/billing.search';
import { azureEntitlementsSearch } from '../../features/marketplaces/marketplaces.search';
import { partnersSearch } from '../../features/partners/partners.search';
import { serviceRequestsSearch } from '../../features/services/services.search';
import { lazyScreen } from '../lazy-screen';
import { list, screen } from '../screen';
import { shell } from './root.routes';

/** The platform administrators' screens (the navigation's Administration group) across every account. */
const accounts = screen(shell, 'v2/admin/company-management/accounts', {
  permission: Permission.platformAdmin,
  title: 'Accounts',
  nav: { label: 'Accounts', group: 'Administration', description: 'Create, change and disable company accounts.' },
  search: list(accountsListQuery),
  component: lazyScreen(() => import('../../features/accounts/pages/accounts.page'), 'AccountsPage'),
});
const portRanges = screen(shell, 'v2/admin/company-management/port-ranges', {
  permission: Permission.platformAdmin,
  title: 'Port ranges',
  nav: { label: 'Port ranges', group: 'Administration', description: 'Port ranges of the platform and the accounts they are assigned to.' },
  search: list(portRangesQuery),
  component: lazyScreen(() => import('../../features/port-ranges/pages/port-ranges.page'), 'PortRangesPage'),
});
const serviceRequests = screen(shell, 'v2/admin/company-management/service-requests', {
  permission: Permission.platformAdmin,
  title: 'Service requests',
  nav: {
    label: 'Service requests',
    group: 'Administration',
    description: 'Every account’s requests awaiting approval.',
    count: { feature: 'services', fetch: () => import('../../features/services/api/services.api').then((api) => api.pendingRequestsCount()) },
  },
  search: list(serviceRequestsSearch),
  component: lazyScreen(() => import('../../features/services/pages/service-requests.page'), 'ServiceRequestsPage'),
});
const payments = screen(shell, 'v2/admin/payments-stripe', {
  permission: Permission.platformAdmin,
  title: 'Payments',
  nav: { label: 'Payments', group: 'Administration', description: 'Every account’s payments through Stripe, with refund and retry.' },
  search: list(paymentsSearch),
  component: lazyScreen(() => import('../../features/billing/pages/payments.page'), 'PaymentsPage'),
});
// Sign-ups from the Azure Marketplace, decided by hand (the marketplace's own API cannot be reached).
const azureMarketplace = screen(shell, 'v2/admin/azure', {
  permission: Permission.platformAdmin,
  title: 'Azure Marketplace',
  nav: { label: 'Azure Marketplace', group: 'Administration', description: 'Accounts that signed up through the Azure Marketplace: approve or reject each.' },
  search: list(azureEntitlementsSearch),
  component: lazyScreen(() => import('../../features/marketplaces/pages/azure-marketplace.page'), 'AzureMarketplacePage'),
});
// Splenda: the partner (reseller) channel, with the commission each partner's accounts earn it; and one partner.
const partners = screen(shell, 'v2/admin/splenda', {
  permission: Permission.platformAdmin,
  title: 'Partners',
  nav: { label: 'Partners', group: 'Administration', description: 'Resellers, the accounts they bring, their revenue and the commission due.' },
  search: list(partnersSearch),
  component: lazyScreen(() => import('../../features/partners/pages/partners.page'), 'PartnersPage'),
});
const partner = screen(shell, 'v2/admin/splenda/$partner_id', {
  permission: Permission.platformAdmin,
  title: 'Partner',
  component: lazyScreen(() => import('../../features/partners/pages/partner.page'), 'PartnerPage'),
});
const egressPolicy = screen(shell, 'configuration/egress-policy', {
  permission: Permission.platformAdmin,
  title: 'Egress policy',
  nav: { label: 'Egress policy', group: 'Administration', description: 'Where connections customers configure may go.' },
  component: lazyScreen(() => import('../../features/egress/pages/egress-policy.page'), 'EgressPolicyPage'),
});

export const adminScreens = [accounts, portRanges, serviceRequests, payments, azureMarketplace, partners, partner, egressPolicy] as const;
