import { oauthApi } from '@keydeck/contract/oauth.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { namedAccount } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import * as policy from './account-policy.service.ts';

/** How many consents refusing ended, for the audit event (not the answer). */
const revokedCount = preparedValue<number>();

/** Platform administrators decide, per account, whether its users may allow other accounts' applications. */
export function registerAccountPolicy(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.route({
    ...declared(oauthApi.getAccountOAuthPolicy),
    config,
    handler: async (request) => ({ data: await policy.policyOf(request.tx, request.params.account_id) }),
  });

  routes.route({
    ...declared(oauthApi.setAccountOAuthPolicy),
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
