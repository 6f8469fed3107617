import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  identityProviderDeleted,
  identityProviderFields,
  identityProviderParams,
  identityProviderResponse,
  identityProvidersPage,
  identityProvidersParams,
  identityProvidersQuery,
} from './identity-providers.ts';

/** An account's OpenID Connect identity providers (admin account child tab identity-providers); the client secret is write-only. */
export const identityProvidersApi = endpoints({ product: 'identity', tag: 'Identity providers' }, {
  listIdentityProviders: {
    method: 'GET', path: ApiPath.identityProviders, params: identityProvidersParams, query: identityProvidersQuery, responses: { 200: identityProvidersPage },
    summary: 'List identity providers', description: 'Lists the account\'s OpenID Connect identity providers.',
  },
  createIdentityProvider: {
    method: 'POST', path: ApiPath.identityProviders, params: identityProvidersParams, body: identityProviderFields, responses: { 201: identityProviderResponse },
    summary: 'Add an identity provider',
    description: 'Adds an OpenID Connect identity provider (issuer, client id and secret) to the account; the secret is never returned.',
  },
  updateIdentityProvider: {
    method: 'PUT', path: ApiPath.identityProvider, params: identityProviderParams, body: identityProviderFields, responses: { 200: identityProviderResponse },
    summary: 'Update an identity provider', description: 'Changes an identity provider\'s settings; a secret left empty stays as it is.',
  },
  deleteIdentityProvider: {
    method: 'DELETE', path: ApiPath.identityProvider, params: identityProviderParams, responses: { 200: identityProviderDeleted },
    summary: 'Remove an identity provider', description: 'Removes an identity provider from the account.',
  },
});
