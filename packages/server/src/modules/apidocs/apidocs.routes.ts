import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentApi, type OpenApiDocument } from './apidocs.document.ts';
import { apiProducts, type ApiProduct } from './apidocs.products.ts';

const pascal = (product: string) => product.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());

/**
 * Each product's OpenAPI document (spec §7: /rest/api/v2/{product}/swagger/), public and cacheable: it
 * describes the routes, never data. Built once per process from the routes as registered.
 */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const built = new Map<ApiProduct, OpenApiDocument>();
  for (const product of apiProducts) {
    routes.get(`/rest/api/v2/${product}/swagger`, {
      // The documents do not document themselves: they are not part of any product's API.
      schema: { operationId: `get${pascal(product)}ApiDocument`, hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
      config: { public: true, withoutTransaction: true },
      // After the pipeline's onSend (no-store for API answers, an anti-forgery cookie for visitors): this answer is
      // the same for everyone and holds no secret, so browsers and proxies may keep it, and it sets no cookie.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'public, max-age=300').removeHeader('set-cookie');
        return payload;
      },
      handler: () => {
        if (!built.has(product)) built.set(product, documentApi(app.swagger(), app.routeCatalog, product));
        return built.get(product)!;
      },
    });
  }
}
