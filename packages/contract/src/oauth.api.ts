import { grantsAdministration } from './approvals.ts';
import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  oauthAccountPolicy,
  oauthAccountPolicyResponse,
  oauthClientAccountParams,
  oauthClientCreate,
  oauthClientParams,
  oauthClientResponse,
  oauthClientsPage,
  oauthClientUpdate,
  oauthClientWithSecret,
  oauthConsentParams,
  oauthConsentsResponse,
  oauthDeleted,
  oauthInteractionAnswer,
  oauthInteractionParams,
  oauthInteractionResponse,
} from './oauth.ts';
import { oauthClientsListQuery } from './oauth-queries.ts';

/**
 * An account's OAuth clients (documented with the credentials), the consent page's calls behind /oauth/authorize,
 * the consents a user has given, and an account's OAuth policy. The authorization server itself (OAUTH_ISSUER_PATH)
 * is described by its own discovery document, not here.
 */
export const oauthApi = endpoints({ product: 'vip-auth', tag: 'OAuth' }, {
  listOAuthClients: {
    method: 'GET', path: ApiPath.oauthClients, params: oauthClientAccountParams, query: oauthClientsListQuery, responses: { 200: oauthClientsPage },
    tag: 'credentials',
    summary: 'List OAuth clients',
    description: "The account's OAuth clients: type, owner, redirect URIs, grants, scopes and how many users allow each; never secrets.",
  },
  createOAuthClient: {
    approval: { operation: 'credential.create_admin', when: ({ body }) => grantsAdministration((body as { scopes?: string[] }).scopes) },
    method: 'POST', path: ApiPath.oauthClients, params: oauthClientAccountParams, body: oauthClientCreate, responses: { 201: oauthClientWithSecret },
    tag: 'credentials',
    summary: 'Register an OAuth client',
    description:
      "Registers a confidential or public client with exact redirect URIs, its grants and its scopes (permission names, never more than its owner's: 400 naming any extra one). A confidential client's secret is answered this once.",
  },
  getOAuthClient: {
    method: 'GET', path: ApiPath.oauthClient, params: oauthClientParams, responses: { 200: oauthClientResponse },
    tag: 'credentials',
    summary: 'Get an OAuth client',
    description: 'One OAuth client of the account, without its secret.',
  },
  updateOAuthClient: {
    method: 'PUT', path: ApiPath.oauthClient, params: oauthClientParams, body: oauthClientUpdate, responses: { 200: oauthClientResponse },
    tag: 'credentials',
    summary: 'Change an OAuth client',
    description: "Replaces a client's name, redirect URIs, grants and scopes; its type and owner stay. Tokens already issued keep their scopes until they expire.",
  },
  rotateOAuthClientSecret: {
    method: 'POST', path: ApiPath.oauthClientRotate, params: oauthClientParams, responses: { 200: oauthClientWithSecret },
    tag: 'credentials',
    summary: 'Rotate an OAuth client secret',
    description: "Issues a confidential client's new secret, answered this once; the previous one stops working at once (409 for a public client).",
  },
  deleteOAuthClient: {
    method: 'DELETE', path: ApiPath.oauthClient, params: oauthClientParams, responses: { 200: oauthDeleted },
    tag: 'credentials',
    summary: 'Delete an OAuth client',
    description: 'Deletes the client with every consent, code and token issued to it: its next call is refused.',
  },

  getOAuthInteraction: {
    method: 'GET', path: ApiPath.oauthInteraction, params: oauthInteractionParams, responses: { 200: oauthInteractionResponse },
    summary: 'Describe an authorization request',
    description: 'What the application behind a pending authorization request asks of the signed-in user: its name and account, where the answer goes, and the permissions it wants (those the user lacks marked). 404 when the request expired or was answered.',
  },
  allowOAuthInteraction: {
    method: 'POST', path: ApiPath.oauthInteractionAllow, params: oauthInteractionParams, responses: { 200: oauthInteractionAnswer },
    summary: 'Allow an application',
    description: 'Grants the application the permissions it asked that the user holds, and answers where the browser goes to finish the authorization.',
  },
  denyOAuthInteraction: {
    method: 'POST', path: ApiPath.oauthInteractionDeny, params: oauthInteractionParams, responses: { 200: oauthInteractionAnswer },
    summary: 'Deny an application',
    description: 'Refuses the authorization request: the application gets access_denied. Answers where the browser goes next.',
  },
  listOAuthConsents: {
    method: 'GET', path: ApiPath.oauthConsents, responses: { 200: oauthConsentsResponse },
    summary: 'List my connected applications',
    description: 'The applications the signed-in user allows to act for them, with the permissions granted and since when.',
  },
  revokeOAuthConsent: {
    method: 'DELETE', path: ApiPath.oauthConsent, params: oauthConsentParams, responses: { 200: oauthDeleted },
    summary: 'Revoke a connected application',
    description: 'Ends the consent and every token issued under it: the application\'s next call is refused (404 for a consent that is not the user\'s).',
  },

  getAccountOAuthPolicy: {
    method: 'GET', path: ApiPath.adminAccountOAuthPolicy, params: oauthClientAccountParams, responses: { 200: oauthAccountPolicyResponse },
    summary: "Get an account's OAuth policy",
    description: "Whether the account's users may allow applications registered by other accounts.",
  },
  setAccountOAuthPolicy: {
    method: 'PUT', path: ApiPath.adminAccountOAuthPolicy, params: oauthClientAccountParams, body: oauthAccountPolicy, responses: { 200: oauthAccountPolicyResponse },
    summary: "Set an account's OAuth policy",
    description: "Allows or refuses the account's users to allow applications registered by other accounts. Refusing also ends the consents its users gave to such applications, with their tokens.",
  },
});
