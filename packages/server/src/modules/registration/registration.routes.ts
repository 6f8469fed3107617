import { Messages } from '@keydeck/contract/messages';
import { Permission } from '@keydeck/contract/permissions';
import { registrationApi } from '@keydeck/contract/registration.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { mailAfterCommit } from '../../platform/mailer.ts';
import { userNamed } from '../auth/auth.service.ts';
import { registerGoogleMarketplaceLanding } from './google-marketplace.routes.ts';
import * as registration from './registration.service.ts';

/**
 * Self-service sign-up (spec §2 /register, /register/azure, /google-marketplace): a sign-up is kept
 * pending until its emailed link is confirmed, which creates the account and its first administrator.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = deps;

  routes.route({
    ...declared(registrationApi.register),
    // Checks slugs and usernames across tenants before any account exists, like sign-in.
    config: { public: true, systemScope: true, rateLimit: 'registration' },
    // No account exists yet: the event goes to the log of anonymous events.
    audit: {
      action: 'registration.request',
      target: ({ body }) => body.account_slug,
      account: () => null,
      reason: ({ body }) => body.marketplace && `marketplace:${body.marketplace.provider}`,
    },
    handler: async (request, reply) => {
      mailAfterCommit(request, mailer, await registration.startRegistration(request.tx, request.body, mailer.publicUrl));
      reply.status(202);
      return { message: Messages.registrationRequested };
    },
  });

  routes.route({
    ...declared(registrationApi.confirmRegistration),
    // Not rate-limited: a 256-bit token cannot be guessed.
    config: { public: true, systemScope: true },
    // Audited on the new account, as its first administrator's act.
    audit: {
      action: 'registration.confirm',
      target: ({ result }) => result?.account.account_slug,
      actor: async ({ result, tx }) => result && { id: (await userNamed(tx, result.username))?.id, username: result.username },
      account: async ({ result, tx }) => result && (await userNamed(tx, result.username))?.accountId,
    },
    handler: async (request, reply) => {
      const { account, user } = await registration.confirmRegistration(request.tx, request.body.token);
      reply.status(201);
      return {
        account: { name: account.name, account_slug: account.accountSlug, account_code: account.accountCode },
        username: user.username,
      };
    },
  });

  routes.route({
    ...declared(registrationApi.getAccountMarketplace),
    config: { permission: Permission.platformAdmin },
    handler: (request) => registration.accountMarketplace(request.tx, request.params.account_id),
  });

  registerGoogleMarketplaceLanding(app);
}
