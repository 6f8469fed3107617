import { Messages } from '@keydeck/contract/messages';
import { securityKeysApi } from '@keydeck/contract/security-keys.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { unauthorized } from '../../platform/errors.ts';
import { startSession } from '../../platform/request-pipeline.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import { passwordReentryThrottle, toAuthInfo } from '../auth/auth.service.ts';
import * as keys from './security-keys.service.ts';

/** The challenge and attempt the preHandlers took outside the request's transaction (used once, even on a rollback). */
const registrationChallenge = preparedValue<string | undefined>();
const keyAttempt = preparedValue<keys.KeyAttempt>();

/**
 * WebAuthn security keys: the user's own keys (registration stays open under forced MFA, like the app's
 * enrolment) and the u2f step of sign-in (spec §7 u2f/authenticate/begin and complete).
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The console's own origin, as OpenID sign-in computes its redirect URI; the RP ID is its host name.
  const relyingParty = (request: FastifyRequest): keys.RelyingParty => {
    const origin = new URL(deps.config.publicUrl ?? `${request.protocol}://${request.host}`).origin;
    return { origin, rpId: new URL(origin).hostname };
  };

  routes.route({
    ...declared(securityKeysApi.listSecurityKeys),
    config: { signedIn: true, duringMfaSetup: true },
    handler: async (request) => {
      const data = await keys.listKeys(request.tx, principalOf(request).userId);
      return { data, total: data.length };
    },
  });

  routes.route({
    ...declared(securityKeysApi.beginSecurityKeyRegistration),
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.security_key_register_begin' },
    handler: async (request) => ({ options: await keys.beginRegistration(request.tx, principalOf(request), relyingParty(request)) }),
  });

  routes.route({
    ...declared(securityKeysApi.completeSecurityKeyRegistration),
    config: { signedIn: true, duringMfaSetup: true },
    audit: { action: 'mfa.security_key_register', target: ({ body }) => body.name },
    preHandler: async (request) => {
      registrationChallenge.set(request, await keys.takeChallenge(deps.db, principalOf(request).sessionHash, 'register'));
    },
    handler: async (request, reply) => {
      const { key, recoveryCodes } = await keys.completeRegistration(
        request.tx,
        principalOf(request),
        relyingParty(request),
        registrationChallenge.of(request),
        request.body,
      );
      const principal = (await deps.sessions.principalOf(request.tx, request.sessionId!))!;
      reply.status(201);
      return { security_key: key, recovery_codes: recoveryCodes, auth_info: toAuthInfo(principal) };
    },
  });

  routes.route({
    ...declared(securityKeysApi.renameSecurityKey),
    config: { signedIn: true },
    audit: { action: 'mfa.security_key_rename', target: ({ body }) => body.name },
    handler: async (request) => {
      return { security_key: await keys.renameKey(request.tx, principalOf(request), request.params.key_id, request.body.name) };
    },
  });

  routes.route({
    ...declared(securityKeysApi.removeSecurityKey),
    preHandler: passwordReentryThrottle(deps),
    config: { signedIn: true },
    audit: {
      action: 'mfa.security_key_remove',
      before: async ({ params, request, tx }) => ({ name: await keys.keyName(tx, principalOf(request).userId, params.key_id) }),
      target: ({ params, before }) => ({ id: params.key_id, name: before.name }),
    },
    handler: async (request) => {
      await keys.removeKey(request.tx, principalOf(request), request.params.key_id, request.body.password);
      const data = await keys.listKeys(request.tx, principalOf(request).userId);
      return { data, total: data.length };
    },
  });

  routes.route({
    ...declared(securityKeysApi.beginU2f),
    config: { partialSession: true, systemScope: true },
    audit: { action: 'auth.u2f_begin', target: ({ request }) => request.principal?.username },
    handler: async (request) => {
      return { u2f_data: await keys.beginAuthentication(request.tx, principalOf(request), relyingParty(request)) };
    },
  });

  routes.route({
    ...declared(securityKeysApi.completeU2f),
    config: { partialSession: true, systemScope: true },
    audit: { action: 'auth.u2f_complete', target: ({ request }) => request.principal?.username },
    preHandler: async (request) => {
      const session = principalOf(request);
      const endSession = (tx: Parameters<typeof deps.sessions.destroy>[0]) => deps.sessions.destroy(tx, session.sessionHash);
      const owner = { userId: session.userId, accountId: session.account.id, sessionHash: session.sessionHash };
      keyAttempt.set(request, await keys.reserveAttempt(deps.db, owner, deps.config.login.lockSeconds, endSession));
    },
    handler: async (request, reply) => {
      const session = principalOf(request);
      const attempt = keyAttempt.of(request);
      if (!attempt.allowed) throw unauthorized('u2f_locked', Messages.securityKeyTooManyFailures);
      try {
        await keys.completeAuthentication(request.tx, session, relyingParty(request), attempt.challenge, request.body.u2f_data);
      } catch (error) {
        if (attempt.lockedNow) throw unauthorized('u2f_locked_now', Messages.securityKeyTooManyFailures);
        throw error;
      }
      // A new session id for the fully signed-in session: the partial one's id is retired (no fixation).
      const principal = await startSession(request, reply, { sessions: deps.sessions, session: deps.config.session }, {
        userId: session.userId,
        accountId: session.account.id,
        nextFactor: null,
      });
      return { auth_info: toAuthInfo(principal) };
    },
  });
}
