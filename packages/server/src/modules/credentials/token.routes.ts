import { credentialsApi } from '@keydeck/contract/credentials.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import * as credentials from './credentials.service.ts';
import { parseForm } from '../../platform/text-input.ts';

type Exchange = Awaited<ReturnType<typeof credentials.exchangeToken>>;

/** The token request's outcome, for its audit event (who asked, why it was refused); null before the handler ran. */
const exchanges = preparedValue<Exchange | null>();

/**
 * POST oauth/token (RFC 6749 §4.4, client credentials): a credential's id and secret for a short-lived bearer token.
 * Form-encoded (the standard's encoding) or JSON; errors in §5.2's shape. Registered in a scope of its own so the
 * form parser serves this route only.
 */
export function registerTokenEndpoint(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, parseForm(body));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...declared(credentialsApi.issueAccessToken),
      config: { public: true, systemScope: true, withoutAntiForgery: true, rateLimit: 'token', oauthErrors: true },
      audit: {
        action: 'credential.token',
        account: ({ request }) => exchanges.of(request)?.credential?.accountId ?? null,
        actor: ({ request }) => {
          const credential = exchanges.of(request)?.credential;
          return credential ? { id: credential.ownerId, username: `credential:${credential.name} (owner ${credential.ownerUsername})` } : undefined;
        },
        target: ({ request }) => {
          const credential = exchanges.of(request)?.credential;
          return credential ? { id: credential.id, name: credential.name } : undefined;
        },
        failure: (result) => ('error' in result ? result.error : undefined),
        reason: ({ request }) => {
          const exchange = exchanges.of(request);
          return exchange && 'reason' in exchange ? exchange.reason : undefined;
        },
      },
      handler: async (request, reply) => {
        const exchange = await credentials.exchangeToken(request.tx, deps.credentialTokens, request.body, request.headers.authorization, request.ip);
        exchanges.set(request, exchange);
        reply.header('pragma', 'no-cache');
        if ('ok' in exchange) return exchange.ok;
        if (exchange.status === 401) reply.header('www-authenticate', 'Basic realm="keydeck"');
        reply.status(exchange.status);
        return exchange.error;
      },
    });
  });
}
