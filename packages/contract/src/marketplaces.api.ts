import {
  entitlementApproveBody,
  entitlementRejectBody,
  entitlementServicesBody,
  marketplaceAccountParams,
  marketplaceEntitlementResponse,
  marketplaceEntitlementsPage,
} from './marketplaces.ts';
import { marketplaceEntitlementsQuery } from './marketplaces-queries.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/** Spec §2 /v2/admin/azure and the account tab google-marketplace: entitlements of accounts that signed up through a cloud marketplace. */
export const marketplacesApi = endpoints({ product: 'identity', tag: 'Marketplaces' }, {
  listMarketplaceEntitlements: {
    method: 'GET', path: ApiPath.marketplaceEntitlements, query: marketplaceEntitlementsQuery, responses: { 200: marketplaceEntitlementsPage },
    summary: 'List marketplace entitlements',
    description: 'Entitlements of accounts that signed up through the Azure or Google Cloud marketplace, newest first: searchable by account name, filtered by provider and state. The token each marketplace sent is shown only as a fingerprint.',
  },
  getMarketplaceEntitlement: {
    method: 'GET', path: ApiPath.accountMarketplaceEntitlement, params: marketplaceAccountParams, responses: { 200: marketplaceEntitlementResponse },
    summary: "Get an account's marketplace entitlement",
    description: 'The entitlement the account signed up with, its decision and the services it pays for; 404 when the account did not sign up through a marketplace.',
  },
  approveMarketplaceEntitlement: {
    method: 'POST', path: ApiPath.accountMarketplaceEntitlementApprove, params: marketplaceAccountParams, body: entitlementApproveBody, responses: { 200: marketplaceEntitlementResponse },
    summary: 'Approve a marketplace entitlement',
    description: "Approves a pending entitlement on a plan and links the account's services it pays for (400 naming service_ids for a service of another account). Only a pending entitlement can be decided (409).",
  },
  rejectMarketplaceEntitlement: {
    method: 'POST', path: ApiPath.accountMarketplaceEntitlementReject, params: marketplaceAccountParams, body: entitlementRejectBody, responses: { 200: marketplaceEntitlementResponse },
    summary: 'Reject a marketplace entitlement',
    description: 'Rejects a pending entitlement with a reason (1-500 characters). Only a pending entitlement can be decided (409).',
  },
  setMarketplaceEntitlementServices: {
    method: 'PUT', path: ApiPath.accountMarketplaceEntitlementServices, params: marketplaceAccountParams, body: entitlementServicesBody, responses: { 200: marketplaceEntitlementResponse },
    summary: 'Set the services a marketplace entitlement pays for',
    description: "Replaces the account's services an approved entitlement pays for (409 unless approved; 400 naming service_ids for a service of another account).",
  },
});
