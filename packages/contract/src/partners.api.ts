import {
  accountPartnerResponse,
  partnerAccountParams,
  partnerAssignBody,
  partnerBody,
  partnerDetailResponse,
  partnerParams,
  partnerResponse,
  partnersPage,
} from './partners.ts';
import { partnersQuery } from './partners-queries.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §2 /v2/admin/splenda and the account tab splenda: the partner (reseller) channel. */
export const partnersApi = endpoints({ product: 'identity', tag: 'Partners' }, {
  listPartners: {
    method: 'GET', path: ApiPath.partners, query: partnersQuery, responses: { 200: partnersPage },
    summary: 'List partners',
    description: "Partners by name, searchable by name and contact email, filtered by status; each with its number of accounts and its accounts' paid revenue over the last 30 days per currency (minor units) with the commission due on it.",
  },
  createPartner: {
    method: 'POST', path: ApiPath.partners, body: partnerBody, responses: { 201: partnerResponse },
    summary: 'Create a partner',
    description: 'Creates an active partner. Names are unique ignoring case (409); the commission is 0-50 percent with at most two decimals.',
  },
  getPartner: {
    method: 'GET', path: ApiPath.partner, params: partnerParams, responses: { 200: partnerDetailResponse },
    summary: 'Get a partner',
    description: 'One partner with its revenue and commission over the last 30 days and its accounts, each with when and by whom it was assigned.',
  },
  updatePartner: {
    method: 'PUT', path: ApiPath.partner, params: partnerParams, body: partnerBody, responses: { 200: partnerResponse },
    summary: 'Change a partner',
    description: "Changes a partner's name, contact email and commission percent (409 for a name taken by another partner).",
  },
  suspendPartner: {
    method: 'POST', path: ApiPath.partnerSuspend, params: partnerParams, responses: { 200: partnerResponse },
    summary: 'Suspend a partner',
    description: 'Suspends an active partner (409 when already suspended): it keeps its accounts but cannot receive new ones.',
  },
  reactivatePartner: {
    method: 'POST', path: ApiPath.partnerReactivate, params: partnerParams, responses: { 200: partnerResponse },
    summary: 'Reactivate a partner',
    description: 'Makes a suspended partner active again (409 when already active).',
  },
  getAccountPartner: {
    method: 'GET', path: ApiPath.accountPartner, params: partnerAccountParams, responses: { 200: accountPartnerResponse },
    summary: "Get an account's partner",
    description: 'The partner the account belongs to, with when and by whom it was assigned; data is null when it has none.',
  },
  assignAccountPartner: {
    method: 'PUT', path: ApiPath.accountPartner, params: partnerAccountParams, body: partnerAssignBody, responses: { 200: accountPartnerResponse },
    summary: 'Assign an account to a partner',
    description: 'The account belongs to this partner from now on, replacing its current one. A suspended partner is refused (409 naming partner_id).',
  },
  unassignAccountPartner: {
    method: 'DELETE', path: ApiPath.accountPartner, params: partnerAccountParams, responses: { 200: accountPartnerResponse },
    summary: "Remove an account's partner",
    description: 'The account no longer belongs to a partner (404 when it has none).',
  },
});
