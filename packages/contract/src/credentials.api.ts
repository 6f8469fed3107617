import { grantsAdministration } from './approvals.ts';
import {
  credentialAccountParams,
  credentialCreate,
  credentialOwnersResponse,
  credentialParams,
  credentialResponse,
  credentialRotate,
  credentialsListQuery,
  credentialsPage,
  credentialUpdate,
  credentialWithSecret,
  tokenError,
  tokenRequest,
  tokenResponse,
} from './credentials.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';

/**
 * An account's API credentials (spec §2 settings/credentials and accounts/{account_id}/credentials) and the OAuth 2
 * client-credentials token endpoint they are exchanged at. Secrets are answered once, on create and rotate.
 */
export const credentialsApi = endpoints({ product: 'vip-auth', tag: 'credentials' }, {
  listCredentials: {
    method: 'GET', path: ApiPath.credentials, params: credentialAccountParams, query: credentialsListQuery, responses: { 200: credentialsPage },
    summary: 'List API credentials',
    description: "The account's API credentials with their owner, permissions, expiry, allowed addresses, last use and state; never their secrets.",
  },
  listCredentialOwners: {
    method: 'GET', path: ApiPath.credentialOwners, params: credentialAccountParams, responses: { 200: credentialOwnersResponse },
    summary: 'List possible credential owners',
    description: 'Active users of the account, each with the permissions a credential they own may hold (never more than theirs).',
  },
  createCredential: {
    approval: { operation: 'credential.create_admin', when: ({ body }) => grantsAdministration((body as { permissions?: string[] }).permissions) },
    method: 'POST', path: ApiPath.credentials, params: credentialAccountParams, body: credentialCreate, responses: { 201: credentialWithSecret },
    summary: 'Create an API credential',
    description:
      "Creates a credential owned by an active user of the account, with permissions drawn from the owner's (400 naming any extra one). The answer holds client_id and client_secret: the secret is shown this once and only its hash is kept.",
  },
  updateCredential: {
    method: 'PUT', path: ApiPath.credential, params: credentialParams, body: credentialUpdate, responses: { 200: credentialResponse },
    summary: 'Change an API credential',
    description: "Replaces a credential's name, permissions (within its owner's), expiry and allowed addresses. A revoked credential cannot be changed (409).",
  },
  revokeCredential: {
    method: 'POST', path: ApiPath.credentialRevoke, params: credentialParams, responses: { 200: credentialResponse },
    summary: 'Revoke an API credential',
    description: 'Revokes a credential for good: its next call is refused (401), whatever tokens it still holds.',
  },
  rotateCredential: {
    method: 'POST', path: ApiPath.credentialRotate, params: credentialParams, body: credentialRotate, responses: { 200: credentialWithSecret },
    summary: 'Rotate an API credential secret',
    description:
      'Issues a new secret, shown this once; the previous one keeps working for overlap_hours (0-168, default 24) so callers can switch over.',
  },
  /** Its refusals are in RFC 6749 §5.2's shape, not the error envelope: declared beside the success. */
  issueAccessToken: {
    method: 'POST', path: ApiPath.oauthToken, body: tokenRequest, consumes: ['application/x-www-form-urlencoded', 'application/json'],
    responses: { 200: tokenResponse, 400: tokenError, 401: tokenError, 429: tokenError, 503: tokenError },
    summary: 'Exchange API credentials for an access token',
    description:
      'OAuth 2 client credentials grant (RFC 6749 §4.4): client_id and client_secret in the form-encoded or JSON body, or as HTTP Basic. Answers a bearer token that calls /rest/api with the credential\'s permissions for expires_in seconds; errors follow RFC 6749 §5.2.',
  },
});
