import { partnersApi } from '@keydeck/contract/partners.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import type { Tx } from '../../db/database.ts';
import { onPathAccount, type AuditBefore, type AuditInput } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import * as partners from './partners.service.ts';

/** The partner a change names, read before it: a refusal's event names it too. */
const partnerOf = async ({ params, tx }: { params: { partner_id: string }; tx: Tx }): Promise<AuditBefore> => {
  const name = await partners.partnerName(tx, params.partner_id);
  return name ? { name } : {};
};
/** Named as it is after the change (an edit may rename it), or as it was when the change was refused. */
const partnerTarget = ({ params, before, result }: AuditInput<{ partner_id: string }, unknown, unknown, { data: { name: string } }>) => ({
  id: params.partner_id,
  name: result?.data.name ?? before.name ?? null,
});

/** An assignment is recorded in the account's log, naming the account; its reason names the partner. */
const assignment = onPathAccount(partners.accountName);

/**
 * Spec §2 /v2/admin/splenda and the account tab splenda: the partner (reseller) channel. Platform administrators
 * only; every change is audited.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.route({
    ...declared(partnersApi.listPartners),
    config,
    handler: (request) => partners.listPartners(request.tx, request.query),
  });

  routes.route({
    ...declared(partnersApi.createPartner),
    config,
    audit: { action: 'partner.create', target: ({ body, result }) => ({ id: result?.data.id ?? body.name, name: body.name }) },
    handler: async (request, reply) => {
      const created = await partners.createPartner(request.tx, request.body, actorName(principalOf(request)));
      reply.status(201);
      return { data: created };
    },
  });

  routes.route({
    ...declared(partnersApi.getPartner),
    config,
    handler: async (request) => ({ data: await partners.getPartner(request.tx, request.params.partner_id) }),
  });

  routes.route({
    ...declared(partnersApi.updatePartner),
    config,
    audit: { action: 'partner.update', before: partnerOf, target: partnerTarget, reason: ({ body }) => `commission:${body.commission_percent}` },
    handler: async (request) => ({ data: await partners.updatePartner(request.tx, request.params.partner_id, request.body) }),
  });

  routes.route({
    ...declared(partnersApi.suspendPartner),
    config,
    audit: { action: 'partner.suspend', before: partnerOf, target: partnerTarget },
    handler: async (request) => ({ data: await partners.suspendPartner(request.tx, request.params.partner_id) }),
  });

  routes.route({
    ...declared(partnersApi.reactivatePartner),
    config,
    audit: { action: 'partner.reactivate', before: partnerOf, target: partnerTarget },
    handler: async (request) => ({ data: await partners.reactivatePartner(request.tx, request.params.partner_id) }),
  });

  routes.route({
    ...declared(partnersApi.getAccountPartner),
    config,
    handler: async (request) => ({ data: await partners.accountPartner(request.tx, request.params.account_id) }),
  });

  routes.route({
    ...declared(partnersApi.assignAccountPartner),
    config,
    audit: {
      action: 'partner.assign',
      ...assignment,
      reason: async ({ body, tx }) => `partner:${(await partners.partnerName(tx, body.partner_id)) ?? body.partner_id}`,
    },
    handler: async (request) => ({
      data: await partners.assignAccount(request.tx, request.params.account_id, request.body.partner_id, actorName(principalOf(request))),
    }),
  });

  routes.route({
    ...declared(partnersApi.unassignAccountPartner),
    config,
    audit: { action: 'partner.unassign', ...assignment },
    handler: async (request) => {
      await partners.unassignAccount(request.tx, request.params.account_id);
      return { data: null };
    },
  });
}
