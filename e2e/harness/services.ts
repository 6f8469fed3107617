import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '@keydeck/contract/api';
import type { ServiceType } from '@keydeck/contract/services';
import { apiCall } from './api';
import { waitForDialog } from './dialog';
import { Demo, DEMO_COMPANY, signIn, signInAsPlatformAdmin } from './sign-in';

/** Provisioning is a background job: long enough for a loaded machine, short enough to fail clearly. */
export const PROVISIONING_WAIT_MS = 30_000;

/**
 * A platform administrator creates a service for the demo company (its administrators become its users once
 * provisioned) and signs out again. Returns the service's id.
 */
export async function createDemoService(page: Page, name: string, type: ServiceType = 'cryptoverse'): Promise<string> {
  await signInAsPlatformAdmin(page);
  const accounts = await apiCall(page, api.accounts.listAccounts, { query: { search: DEMO_COMPANY } });
  const demo = accounts.data.find((account) => account.name === DEMO_COMPANY)!;
  const catalogue = await apiCall(page, api.services.listServices, { query: { page_size: 99, account_id: demo.id } });
  const order = { type, name, location: catalogue.service_locations[0]!.id, environment: catalogue.environments[0]!, account_id: demo.id };
  const { services } = await apiCall(page, api.adminServices.adminCreateServices, { body: { services: [order] } });
  await page.context().clearCookies();
  return services[0]!.id;
}

/** Waits until the provisioning job has enabled the service, as the page's signed-in user sees it. */
export async function waitUntilEnabled(page: Page, serviceId: string): Promise<void> {
  await expect
    .poll(async () => (await apiCall(page, api.services.getService, { query: { id: serviceId } })).service.status, {
      timeout: PROVISIONING_WAIT_MS,
      interval: 500,
    })
    .toBe('Enabled');
}

/** A new enabled service of Demo Company, with its administrator signed in and logged in to it (the spec's flow). */
export async function openNewService(page: Page, name: string, type: ServiceType = 'rkms'): Promise<string> {
  const serviceId = await createDemoService(page, name, type);
  await signIn(page, Demo.admin.username);
  await waitUntilEnabled(page, serviceId);
  await page.goto(`/home/services/${serviceId}?action=login`);
  const login = await waitForDialog(page);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
  return serviceId;
}
