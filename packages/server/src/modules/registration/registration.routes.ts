import { accountParams } from '@keydeck/contract/accounts';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import {
  accountMarketplace,
  registrationConfirmRequest,
  registrationConfirmed,
  registrationRequest,
  registrationRequested,
} from '@keydeck/contract/registration';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { registerGoogleMarketplaceLanding } from './google-marketplace.routes.ts';
import * as registration from './registration.service.ts';

/**
 * Self-service sign-up (spec §2 /register, /register/azure, /google-marketplace): a sign-up is kept
 * pending until its emailed link is confirmed, which creates the account and its first administrator.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = deps;

  routes.post(ApiPath.registration, {
    schema: { operationId: 'register', body: registrationRequest, response: { 202: registrationRequested } },
    // Checks slugs and usernames across tenants before any account exists, like sign-in.
    config: { public: true, audit: 'registration.request', systemScope: true, rateLimit: 'registration' },
    handler: async (request, reply) => {
      request.auditDetails = { target: request.body.account_slug, accountId: null };
      if (request.body.marketplace) request.auditDetails.reason = `marketplace:${request.body.marketplace.provider}`;
      mailAfterCommit(request, mailer, await registration.startRegistration(request.tx, request.body, mailer.publicUrl));
      reply.status(202);
      return { message: Messages.registrationRequested };
    },
  });

  routes.post(ApiPath.registrationConfirm, {
    schema: { operationId: 'confirmRegistration', body: registrationConfirmRequest, response: { 201: registrationConfirmed } },
    // Not rate-limited: a 256-bit token cannot be guessed.
    config: { public: true, audit: 'registration.confirm', systemScope: true },
    handler: async (request, reply) => {
      const { account, user } = await registration.confirmRegistration(request.tx, request.body.token);
      // Audited on the new account, as its first administrator's act.
      request.auditDetails = { target: account.accountSlug, accountId: account.id, actorUserId: user.id, actorUsername: user.username };
      reply.status(201);
      return {
        account: { name: account.name, account_slug: account.accountSlug, account_code: account.accountCode },
        username: user.username,
      };
    },
  });

  routes.get(ApiPath.accountMarketplace, {
    schema: { operationId: 'getAccountMarketplace', params: accountParams, response: { 200: accountMarketplace } },
    config: { permission: Permission.platformAdmin },
    handler: (request) => registration.accountMarketplace(request.tx, request.params.account_id),
  });

  registerGoogleMarketplaceLanding(app);
}
