import { ApiPath } from '@keydeck/contract/http';
import {
  accountPartnerResponse,
  partnerAccountParams,
  partnerAssignBody,
  partnerBody,
  partnerDetailResponse,
  partnerParams,
  partnerResponse,
  partnersPage,
} from '@keydeck/contract/partners';
import { partnersQuery } from '@keydeck/contract/partners-queries';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/database.ts';
import type { AuditBefore, AuditInput } from '../../platform/audit-declaration.ts';
import { actorName } from '../../platform/principal.ts';
import * as partners from './partners.service.ts';

const tags = ['Partners'];

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
const accountOf = async ({ params, tx }: { params: { account_id: string }; tx: Tx }): Promise<AuditBefore> => {
  const name = await partners.accountName(tx, params.account_id);
  return name ? { account: params.account_id, name } : {};
};
const assignment = {
  before: accountOf,
  target: ({ params, before }: AuditInput<{ account_id: string }>) => ({ id: params.account_id, name: before.name ?? null }),
  account: ({ before }: AuditInput) => before.account,
};

/**
 * Spec §2 /v2/admin/splenda and the account tab splenda: the partner (reseller) channel. Platform administrators
 * only; every change is audited.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: Permission.platformAdmin } as const;

  routes.get(ApiPath.partners, {
    schema: {
      operationId: 'listPartners',
      summary: 'List partners',
      description:
        "Partners by name, searchable by name and contact email, filtered by status; each with its number of accounts and its accounts' paid revenue over the last 30 days per currency (minor units) with the commission due on it.",
      tags,
      querystring: partnersQuery,
      response: { 200: partnersPage },
    },
    config,
    handler: (request) => partners.listPartners(request.tx, request.query),
  });

  routes.post(ApiPath.partners, {
    schema: {
      operationId: 'createPartner',
      summary: 'Create a partner',
      description: 'Creates an active partner. Names are unique ignoring case (409); the commission is 0-50 percent with at most two decimals.',
      tags,
      body: partnerBody,
      response: { 201: partnerResponse },
    },
    config,
    audit: { action: 'partner.create', target: ({ body, result }) => ({ id: result?.data.id ?? body.name, name: body.name }) },
    handler: async (request, reply) => {
      const created = await partners.createPartner(request.tx, request.body, actorName(request.principal!));
      reply.status(201);
      return { data: created };
    },
  });

  routes.get(ApiPath.partner, {
    schema: {
      operationId: 'getPartner',
      summary: 'Get a partner',
      description: 'One partner with its revenue and commission over the last 30 days and its accounts, each with when and by whom it was assigned.',
      tags,
      params: partnerParams,
      response: { 200: partnerDetailResponse },
    },
    config,
    handler: async (request) => ({ data: await partners.getPartner(request.tx, request.params.partner_id) }),
  });

  routes.put(ApiPath.partner, {
    schema: {
      operationId: 'updatePartner',
      summary: 'Change a partner',
      description: "Changes a partner's name, contact email and commission percent (409 for a name taken by another partner).",
      tags,
      params: partnerParams,
      body: partnerBody,
      response: { 200: partnerResponse },
    },
    config,
    audit: { action: 'partner.update', before: partnerOf, target: partnerTarget, reason: ({ body }) => `commission:${body.commission_percent}` },
    handler: async (request) => ({ data: await partners.updatePartner(request.tx, request.params.partner_id, request.body) }),
  });

  routes.post(ApiPath.partnerSuspend, {
    schema: {
      operationId: 'suspendPartner',
      summary: 'Suspend a partner',
      description: 'Suspends an active partner (409 when already suspended): it keeps its accounts but cannot receive new ones.',
      tags,
      params: partnerParams,
      response: { 200: partnerResponse },
    },
    config,
    audit: { action: 'partner.suspend', before: partnerOf, target: partnerTarget },
    handler: async (request) => ({ data: await partners.suspendPartner(request.tx, request.params.partner_id) }),
  });

  routes.post(ApiPath.partnerReactivate, {
    schema: {
      operationId: 'reactivatePartner',
      summary: 'Reactivate a partner',
      description: 'Makes a suspended partner active again (409 when already active).',
      tags,
      params: partnerParams,
      response: { 200: partnerResponse },
    },
    config,
    audit: { action: 'partner.reactivate', before: partnerOf, target: partnerTarget },
    handler: async (request) => ({ data: await partners.reactivatePartner(request.tx, request.params.partner_id) }),
  });

  routes.get(ApiPath.accountPartner, {
    schema: {
      operationId: 'getAccountPartner',
      summary: "Get an account's partner",
      description: 'The partner the account belongs to, with when and by whom it was assigned; data is null when it has none.',
      tags,
      params: partnerAccountParams,
      response: { 200: accountPartnerResponse },
    },
    config,
    handler: async (request) => ({ data: await partners.accountPartner(request.tx, request.params.account_id) }),
  });

  routes.put(ApiPath.accountPartner, {
    schema: {
      operationId: 'assignAccountPartner',
      summary: 'Assign an account to a partner',
      description: 'The account belongs to this partner from now on, replacing its current one. A suspended partner is refused (409 naming partner_id).',
      tags,
      params: partnerAccountParams,
      body: partnerAssignBody,
      response: { 200: accountPartnerResponse },
    },
    config,
    audit: {
      action: 'partner.assign',
      ...assignment,
      reason: async ({ body, tx }) => `partner:${(await partners.partnerName(tx, body.partner_id)) ?? body.partner_id}`,
    },
    handler: async (request) => ({
      data: await partners.assignAccount(request.tx, request.params.account_id, request.body.partner_id, actorName(request.principal!)),
    }),
  });

  routes.delete(ApiPath.accountPartner, {
    schema: {
      operationId: 'unassignAccountPartner',
      summary: "Remove an account's partner",
      description: 'The account no longer belongs to a partner (404 when it has none).',
      tags,
      params: partnerAccountParams,
      response: { 200: accountPartnerResponse },
    },
    config,
    audit: { action: 'partner.unassign', ...assignment },
    handler: async (request) => {
      await partners.unassignAccount(request.tx, request.params.account_id);
      return { data: null };
    },
  });
}
