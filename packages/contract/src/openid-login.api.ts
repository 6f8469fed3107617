import { endpoints } from './endpoint.ts';
import { ApiPath } from './http.ts';
import {
  openidLoginCompleteQuery,
  openidLoginCompleteResponse,
  openidLoginStartBody,
  openidLoginStartResponse,
  openidProvidersQuery,
  openidProvidersResponse,
} from './openid-login.ts';

/** Spec §7, sign-in with an account's OpenID Connect provider: its options, the start and the provider's callback. */
export const openidLoginApi = endpoints({ product: 'vip-auth', tag: 'Sign-in' }, {
  listOpenidProviders: {
    method: 'GET', path: ApiPath.openidProviders, query: openidProvidersQuery, responses: { 200: openidProvidersResponse },
    summary: 'List sign-in identity providers', description: 'Lists the OpenID Connect providers offered on the sign-in page for a username or account.',
  },
  openidLoginStart: {
    method: 'POST', path: ApiPath.openidLoginStart, body: openidLoginStartBody, responses: { 200: openidLoginStartResponse },
    summary: 'Start OpenID sign-in',
    description: 'Starts an OpenID Connect authorization code flow with PKCE and returns the provider URL to send the browser to.',
  },
  openidLoginComplete: {
    method: 'POST', path: ApiPath.openidLoginComplete, query: openidLoginCompleteQuery, responses: { 200: openidLoginCompleteResponse },
    summary: 'Complete OpenID sign-in',
    description: 'Exchanges the provider callback (code and state) for the user identity and starts a console session.',
  },
});
