import { ApiPath } from '@keydeck/contract/http';
import { oauthAccountPolicy, oauthAccountPolicyResponse, oauthClientAccountParams } from '@keydeck/contract/oauth';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import * as policy from './account-policy.service.ts';

const tags = ['OAuth'];
/** How many consents refusing ended, for the audit event (not the answer). */
const revokedCount = preparedValue<number>();

/** Platform administrators decide, per account, whether its users may allow other accounts' applications. */
export function registerAccountPolicy(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.get(ApiPath.adminAccountOAuthPolicy, {
    schema: {
      operationId: 'getAccountOAuthPolicy',
      summary: "Get an account's OAuth policy",
      description: "Whether the account's users may allow applications registered by other accounts.",
      tags,
      params: oauthClientAccountParams,
      response: { 200: oauthAccountPolicyResponse },
    },
    config,
    handler: async (request) => ({ data: await policy.policyOf(request.tx, request.params.account_id) }),
  });

  routes.put(ApiPath.adminAccountOAuthPolicy, {
    schema: {
      operationId: 'setAccountOAuthPolicy',
      summary: "Set an account's OAuth policy",
      description: "Allows or refuses the account's users to allow applications registered by other accounts. Refusing also ends the consents its users gave to such applications, with their tokens.",
      tags,
      params: oauthClientAccountParams,
      body: oauthAccountPolicy,
      response: { 200: oauthAccountPolicyResponse },
    },
    config,
    audit: {
      action: 'oauth.account_policy.update',
      account: namedAccount,
      target: ({ body }) => `other_company_clients=${body.other_company_clients ? 'allowed' : 'refused'}`,
      reason: ({ request }) => (revokedCount.of(request) ? `consents_revoked=${revokedCount.of(request)}` : undefined),
    },
    handler: async (request) => {
      const { revoked, ...data } = await policy.setPolicy(request.tx, request.params.account_id, request.body);
      revokedCount.set(request, revoked);
      return { data };
    },
  });
}
