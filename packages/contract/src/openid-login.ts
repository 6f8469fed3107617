import { z } from 'zod';
import { allowedFlows } from './allowed-flows.ts';
import { authInfo } from './auth.ts';

// The sign-in side of identity providers, apart from their administration (identity-providers.ts): the login page
// loads it, so it stays small.

/** Sign-in with OpenID Connect (spec §7): what the login page offers for an account slug. */
export const openidProvidersQuery = z.object({ account_slug: z.string().trim().max(100).default('') });
export const openidProviderOption = z.object({ id: z.string(), name: z.string() });
/** The providers (none while the account does not allow OpenID sign-in) and which sign-in methods the page offers. */
export const openidProvidersResponse = z.object({ data: z.array(openidProviderOption), allowed_flows: allowedFlows });

export const openidLoginStartBody = z.object({
  continue_uri: z.string().max(2048).default(''),
  openid_provider_id: z.string().uuid(),
});
export const openidLoginStartResponse = z.object({ location: z.string() });

/** The provider's redirect query, passed through by the /login/openid/complete page. */
export const openidLoginCompleteQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type OpenidLoginCompleteQuery = z.infer<typeof openidLoginCompleteQuery>;
export const openidLoginCompleteResponse = z.object({ auth_info: authInfo, continue_uri: z.string() });
