import { createRoute, redirect } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import { subscriptionsSearch } from '../../features/billing/billing.search';
import { lenientSearch } from '../../lib/ui/list-search';
import { lazyScreen } from '../lazy-screen';
import { query, screen, tabOf } from '../screen';
import { shell } from './root.routes';

// Billing (the account's own): a layout above four tabs, one per child; the default child is getmoreservices.
export const billing = screen(shell, 'v2/home/settings/billing', {
  permission: Permission.companyRead,
  title: 'Billing',
  nav: { label: 'Billing', group: 'Settings', description: 'Buy services, and manage their subscriptions, your cards and invoices.' },
  component: lazyScreen(() => import('../../features/billing/pages/billing-layout.page'), 'BillingLayoutPage'),
});
export const billingIndex = createRoute({
  getParentRoute: () => billing,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/v2/home/settings/billing/getmoreservices', replace: true });
  },
});
const billingTab = tabOf(billing, 'Billing');
export const billingTabs = [
  billingTab('getmoreservices', 'Get more services', {
    component: lazyScreen(() => import('../../features/billing/pages/get-more-services.page'), 'GetMoreServicesPage'),
  }),
  billingTab('subscriptions', 'Subscriptions', {
    search: query(lenientSearch(subscriptionsSearch)),
    component: lazyScreen(() => import('../../features/billing/pages/billing-subscriptions.page'), 'BillingSubscriptionsPage'),
  }),
  billingTab('invoices', 'Invoices', { component: lazyScreen(() => import('../../features/billing/pages/billing-invoices.page'), 'BillingInvoicesPage') }),
  billingTab('payment-methods', 'Payment methods', {
    component: lazyScreen(() => import('../../features/billing/pages/billing-payment-methods.page'), 'BillingPaymentMethodsPage'),
  }),
] as const;
