import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { api } from '@keydeck/contract/api';
import { apiCall } from './api';
import { passwordLinkIn, waitForMail } from './outbox';
import { Demo, signIn } from './sign-in';

/**
 * A user of the demo company made for one test alone: invited by demo.admin with the roles named, password set
 * through the mailed link (the demo password), signed out again. Returns the username.
 */
export async function newDemoUser(page: Page, options: { mfaEnforced?: boolean; roles?: string[]; prefix?: string } = {}): Promise<string> {
  const username = `${options.prefix ?? 'e2e.keys'}.${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.test`;
  await signIn(page, Demo.admin.username);
  const { data: roles } = await apiCall(page, api.roles.listRoles, { query: { page_size: 100 } });
  const roleIds = (options.roles ?? []).map((name) => roles.find((role) => role.name === name)!.id);
  const invited = new Date();
  await apiCall(page, api.users.createUsers, { body: { users: [{ username, name: 'Kim Keyholder', email, mfa_enforced: options.mfaEnforced ?? false, roles: roleIds }] } });
  const token = new URL(passwordLinkIn(await waitForMail(email, invited)), 'http://x').searchParams.get('token');
  await apiCall(page, api.passwords.setPasswordWithToken, { body: { token: token!, password: inject('demoPassword') } });
  await apiCall(page, api.auth.logout, {});
  return username;
}
