import {
  accountParams,
  accountResponse,
  accountSettings,
  accountsCreateBody,
  accountsDisableBody,
  accountsListQuery,
  accountsPage,
  accountsResponse,
  accountsUpdateBody,
} from './accounts.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §7: admin/accounts GET, POST, PUT, DELETE (body accounts), and the caller's own account settings. */
export const accountsApi = endpoints({ product: 'identity', tag: 'Accounts' }, {
  listAccounts: {
    method: 'GET', path: ApiPath.adminAccounts, query: accountsListQuery, responses: { 200: accountsPage },
    summary: 'List accounts', description: 'Pages through customer accounts with search and sorting.',
  },
  getAccount: {
    method: 'GET', path: ApiPath.adminAccount, params: accountParams, responses: { 200: accountResponse },
    summary: 'Get an account', description: 'Returns one account with its settings and counts.',
  },
  createAccounts: {
    method: 'POST', path: ApiPath.adminAccounts, body: accountsCreateBody, responses: { 201: accountsResponse },
    summary: 'Create accounts', description: 'Creates customer accounts, each with its first administrator who is mailed an invitation.',
  },
  updateAccounts: {
    method: 'PUT', path: ApiPath.adminAccounts, body: accountsUpdateBody, responses: { 200: accountsResponse },
    summary: 'Update accounts', description: 'Changes the name, status or settings of one or more accounts.',
  },
  disableAccounts: {
    method: 'DELETE', path: ApiPath.adminAccounts, body: accountsDisableBody, responses: { 200: accountsResponse },
    summary: 'Disable accounts', description: 'Disables accounts: their users can no longer sign in. The platform account cannot be disabled.',
  },
  getAccountSettings: {
    method: 'GET', path: ApiPath.userAccount, responses: { 200: accountSettings },
    summary: "Get my account's settings", description: "Returns the settings of the caller's own account, such as whether its IP allowlist is enforced.",
  },
});
