import { accountSettings, accountSettingsUpdate } from './accounts.ts';
import { allowlist, allowlistChange, allowlistQuery } from './allowlist.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §7: admin/ips GET, POST, DELETE (ip_address, account_id), and switching its enforcement on the caller's own account. */
export const allowlistApi = endpoints({ product: 'identity', tag: 'Allowlist' }, {
  getIpAllowlist: {
    method: 'GET', path: ApiPath.adminIps, query: allowlistQuery, responses: { 200: allowlist },
    summary: 'Get the IP allowlist', description: 'Lists the address ranges an account allows calls from, and whether the list is enforced.',
  },
  addIpAllowlistEntry: {
    method: 'POST', path: ApiPath.adminIps, body: allowlistChange, responses: { 200: allowlist },
    summary: 'Add an IP allowlist entry',
    description: 'Adds an address or CIDR range to an account\'s allowlist; a change that would lock the caller out needs confirm: true.',
  },
  updateAccountSettings: {
    approval: { operation: 'allowlist.enforcement_off', when: ({ body }) => (body as { enforce_ip?: boolean }).enforce_ip === false },
    method: 'PUT', path: ApiPath.userAccount, body: accountSettingsUpdate, responses: { 200: accountSettings },
    tag: 'Accounts',
    summary: 'Enforce my account\'s IP allowlist',
    description: 'Turns enforcement of the caller\'s own account\'s IP allowlist on or off; a change that would lock the caller out needs confirm: true.',
  },
  removeIpAllowlistEntry: {
    method: 'DELETE', path: ApiPath.adminIps, body: allowlistChange, responses: { 200: allowlist },
    summary: 'Remove an IP allowlist entry',
    description: 'Removes an address range from an account\'s allowlist; a change that would lock the caller out needs confirm: true.',
  },
});
