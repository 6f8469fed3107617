import { apiDocsApi } from '@keydeck/contract/api-docs.api';
import { apiProducts, type ApiProduct } from '@keydeck/contract/api-products';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declared } from '../../platform/endpoint-route.ts';
import { notFound } from '../../platform/errors.ts';
import { documentApi, type OpenApiDocument } from './apidocs.document.ts';

/**
 * Each product's OpenAPI document (spec §7: /rest/api/v2/{product}/swagger/), public and cacheable: it
 * describes the routes, never data. Built once per process from the routes as registered.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const built = new Map<ApiProduct, OpenApiDocument>();
  routes.route({
    ...declared(apiDocsApi.getApiDocument),
    config: { public: true, withoutTransaction: true },
    // A product that does not exist is a page that does not exist (404), as before one route served them all.
    preValidation: async (request) => {
      if (!(apiProducts as readonly string[]).includes((request.params as { product: string }).product)) throw notFound();
    },
    // After the pipeline's onSend (no-store for API answers, an anti-forgery cookie for visitors): this answer is
    // the same for everyone and holds no secret, so browsers and proxies may keep it, and it sets no cookie.
    onSend: async (_request, reply, payload) => {
      reply.header('cache-control', 'public, max-age=300').removeHeader('set-cookie');
      return payload;
    },
    handler: (request) => {
      const { product } = request.params;
      if (!built.has(product)) built.set(product, documentApi(app.swagger(), app.routeCatalog, product));
      return built.get(product)!;
    },
  });
}
