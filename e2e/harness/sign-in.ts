import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { fill, submit } from './form';

/** Demo users the seed script creates (all with the suite's demo password). */
export const Demo = {
  admin: { username: 'demo.admin', name: 'Ada Admin' },
  viewer: { username: 'demo.viewer', name: 'Vic Viewer' },
  newcomer: { username: 'demo.newcomer', name: 'Nia Newcomer' },
  enforced: { username: 'demo.enforced', name: 'Erin Enforced' },
} as const;

export const DEMO_COMPANY = 'Demo Company';

/** Fills and submits the sign-in form on the page that is open. */
export async function submitSignIn(page: Page, username: string, password: string = inject('demoPassword')) {
  await fill(page, { Username: username, Password: password });
  await submit(page, 'Sign in');
}

/** Opens the login page (optionally with a query), signs in and waits until the app has left /login. */
export async function signIn(page: Page, username: string, loginPath = '/login'): Promise<void> {
  await page.goto(loginPath);
  await submitSignIn(page, username);
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The HTTP status of the session probe, asked from inside the page (same cookies as the app). */
export function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/rest/api/v1/login', { credentials: 'include' })).status);
}

/** Signs in as the platform administrator the harness created. */
export async function signInAsPlatformAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, inject('adminUsername'), inject('adminPassword'));
  await page.waitForURL((url) => url.pathname !== '/login');
}
