import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import * as accounts from './modules/accounts/accounts.routes.ts';
import * as admin from './modules/admin/admin.routes.ts';
import * as allowedFlows from './modules/allowed-flows/allowed-flows.routes.ts';
import * as allowlist from './modules/allowlist/allowlist.routes.ts';
import * as apidocs from './modules/apidocs/apidocs.routes.ts';
import * as audit from './modules/audit/audit.routes.ts';
import * as cloudHsms from './modules/cloud-hsms/cloud-hsms.routes.ts';
import * as credentials from './modules/credentials/credentials.routes.ts';
import * as cryptohub from './modules/cryptohub/cryptohub.routes.ts';
import * as cryptoverse from './modules/cryptoverse/cryptoverse.routes.ts';
import * as devices from './modules/devices/devices.routes.ts';
import * as paymentKeys from './modules/payment-keys/payment-keys.routes.ts';
import * as certificates from './modules/certificates/certificates.routes.ts';
import * as transfer from './modules/transfer/transfer.routes.ts';
import * as approvals from './modules/approvals/approvals.routes.ts';
import { approvalGate } from './modules/approvals/approvals.service.ts';
import * as keyCeremonies from './modules/key-ceremonies/key-ceremonies.routes.ts';
import * as keyComponentExports from './modules/key-ceremonies/key-component-exports.routes.ts';
import * as scheduledReports from './modules/scheduled-reports/scheduled-reports.routes.ts';
import * as search from './modules/search/search.routes.ts';
import * as egress from './modules/egress/egress.routes.ts';
import * as auth from './modules/auth/auth.routes.ts';
import * as billing from './modules/billing/billing.routes.ts';
import * as features from './modules/features/features.routes.ts';
import * as health from './modules/health/health.routes.ts';
import * as identityProviders from './modules/identity-providers/identity-providers.routes.ts';
import * as infrastructure from './modules/infrastructure/infrastructure.routes.ts';
import * as openidLogin from './modules/identity-providers/openid-login.routes.ts';
import * as licenses from './modules/licenses/licenses.routes.ts';
import * as marketplaces from './modules/marketplaces/marketplaces.routes.ts';
import * as mfa from './modules/mfa/mfa.routes.ts';
import * as securityKeys from './modules/mfa/security-keys.routes.ts';
import * as oauthAuthorization from './modules/oauth/authorization.routes.ts';
import * as oauthClients from './modules/oauth/oauth-clients.routes.ts';
import * as offboarding from './modules/offboarding/offboarding.routes.ts';
import * as partners from './modules/partners/partners.routes.ts';
import * as passwords from './modules/passwords/passwords.routes.ts';
import * as portRanges from './modules/port-ranges/port-ranges.routes.ts';
import * as registration from './modules/registration/registration.routes.ts';
import * as solutions from './modules/solutions/solutions.routes.ts';
import * as syslog from './modules/syslog/syslog.routes.ts';
import * as roles from './modules/users/roles.routes.ts';
import * as serviceSessions from './modules/service-sessions/service-sessions.routes.ts';
import * as services from './modules/services/services.routes.ts';
import * as adminServices from './modules/services/admin-services.routes.ts';
import * as serviceUsers from './modules/service-users/service-users.routes.ts';
import * as serviceAddresses from './modules/service-addresses/service-addresses.routes.ts';
import * as serviceFeatures from './modules/service-features/service-features.routes.ts';
import * as users from './modules/users/users.routes.ts';
import type { AppDeps } from './platform/app-deps.ts';
import { loggable, registerErrorHandler } from './platform/error-handler.ts';
import './platform/fastify-types.ts';
import { registerRequestPipeline } from './platform/request-pipeline.ts';
import { registerTextInputCheck } from './platform/text-input.ts';
import { registerRequestMetrics } from './platform/request-metrics.ts';
import { registerRequestTracing } from './platform/request-tracing.ts';
import { logFields } from './platform/log-fields.ts';
import { registerWebApp } from './platform/web-app.ts';

/** Every module, in the order its routes are registered. */
const modules: { register(app: FastifyInstance, deps: AppDeps): void }[] = [health, auth, admin, accounts, audit, allowlist, features, portRanges, users, roles, syslog, licenses, offboarding, mfa, securityKeys, passwords, identityProviders, allowedFlows, openidLogin, registration, marketplaces, serviceSessions, services, adminServices, serviceUsers, serviceAddresses, serviceFeatures, cryptoverse, devices, paymentKeys, keyCeremonies, keyComponentExports, approvals, certificates, transfer, scheduledReports, egress, infrastructure, cloudHsms, credentials, oauthClients, oauthAuthorization, billing, solutions, partners, cryptohub, search, apidocs];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Each line of a request names its account and, with tracing on, its trace (log-fields.ts).
      mixin: logFields as (fields: object, level: number) => object,
      // Cookies carry the session and anti-forgery token: never logged.
      redact: ['req.headers.cookie', 'req.headers["x-vcsrf-token"]', 'res.headers["set-cookie"]'],
      // Links from mails carry single-use tokens in their query: never logged.
      serializers: {
        // Database errors carry their query's parameters (a password hash, a token): never logged.
        err: loggable,
        req: (req: FastifyRequest) => ({ method: req.method, url: withoutTokens(req.url), host: req.host, remoteAddress: req.ip }),
      },
    },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // The spec writes some paths with a trailing slash (account/{id}/features/) and some without: both answer.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(swagger, {
    // 3.1: the zod transform then writes JSON Schema draft 2020-12; modules/apidocs completes the document.
    openapi: { openapi: '3.1.0', info: { title: 'Keydeck console API', version: deps.versions.server } },
    transform: jsonSchemaTransform,
  });
  app.decorate('auditKey', deps.auditKey);
  registerRequestTracing(app);
  registerRequestMetrics(app);
  registerErrorHandler(app, deps.db);
  registerTextInputCheck(app);
  registerRequestPipeline(app, {
    db: deps.db,
    readDb: deps.database.readDb,
    approvalGate: approvalGate(deps.mailer),
    sessions: deps.sessions,
    antiForgery: deps.antiForgery,
    session: config.session,
    loginRatePerMinute: config.login.ratePerMinute,
    passwordResetRatePerMinute: config.passwordReset.ratePerMinute,
    registrationRatePerMinute: config.registration.ratePerMinute,
    serviceSession: { tokens: deps.serviceTokens, idleSeconds: config.serviceSession.idleSeconds },
    credentialTokens: deps.credentialTokens,
  });
  await registerWebApp(app, deps.db, config.webDist);
  for (const module of modules) module.register(app, deps);
  return app;
}

function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
