import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { Permission } from '@keydeck/contract/permissions';
import { apiDocs, customerPage } from '../../features/apidocs/api-docs.products';
import { lazyScreen } from '../lazy-screen';
import { screen } from '../screen';

const reference = lazyScreen(() => import('../../features/apidocs/pages/api-docs.page'), 'ApiReferencePage');

/**
 * The API documentation screens (spec §2): /v2/admin/apidocs/{auth|identity|crypto-cluster|cloud-product|cryptohub-cloud}
 * for platform administrators, /v2/home/customer-docs/{product}-endpoints for every signed-in user (all five
 * products: each holds calls customers make). Each is a layout whose tabs are the products; the bare path opens
 * the first. Scalar loads with the tab's chunk only, never on the sign-in page.
 */
export function apiDocsScreens<TShell extends AnyRoute>(shell: TShell) {
  const admin = screen(shell, 'v2/admin/apidocs', {
    permission: Permission.platformAdmin,
    title: 'API documentation',
    nav: { label: 'API documentation', group: 'Administration', description: 'The five products’ API references, with calls to try.' },
    component: lazyScreen(() => import('../../features/apidocs/pages/api-docs.page'), 'AdminApiDocsPage'),
  });
  const customer = screen(shell, 'v2/home/customer-docs', {
    title: 'API reference',
    nav: { label: 'API reference', group: 'Settings', description: 'The API behind the console, to automate with an API credential.' },
    component: lazyScreen(() => import('../../features/apidocs/pages/api-docs.page'), 'CustomerApiDocsPage'),
  });
  const first = (parent: AnyRoute, to: string) =>
    createRoute({
      getParentRoute: () => parent,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to, replace: true });
      },
    });
  return [
    admin.addChildren([
      first(admin, `/v2/admin/apidocs/${apiDocs[0].adminPage}`),
      ...apiDocs.map((doc) => screen(admin, doc.adminPage, { title: `API documentation · ${doc.label}`, tab: { label: doc.label }, component: reference })),
    ]),
    customer.addChildren([
      first(customer, `/v2/home/customer-docs/${customerPage(apiDocs[0])}`),
      ...apiDocs.map((doc) => screen(customer, customerPage(doc), { title: `API reference · ${doc.label}`, tab: { label: doc.label }, component: reference })),
    ]),
  ] as const;
}
