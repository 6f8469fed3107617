import { searchApi } from '@keydeck/contract/search.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import * as searchService from './search.service.ts';

/**
 * The console's global search (issue 27, the command palette). Open to every signed-in user: what each kind needs
 * is checked per kind, so a user sees only what they could open. A read: not audited, as no list is.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...declared(searchApi.search),
    config: { signedIn: true },
    handler: async (request) => ({ results: await searchService.search(request.tx, principalOf(request), request.query, request.ip) }),
  });
}
