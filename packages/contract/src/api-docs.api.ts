import { z } from 'zod';
import { apiProducts } from './api-products.ts';
import { endpoints } from './endpoint.ts';

/** Each product's OpenAPI document (spec §7: /rest/api/v2/{product}/swagger/), public and cacheable. */
export const apiDocsApi = endpoints({ product: 'identity', tag: 'Platform' }, {
  getApiDocument: {
    method: 'GET', path: '/rest/api/v2/:product/swagger', params: z.object({ product: z.enum(apiProducts) }),
    responses: { 200: z.record(z.string(), z.unknown()) },
    // The documents do not document themselves: they are not part of any product's API.
    hidden: true,
    summary: 'API document', description: 'Answers one product\'s OpenAPI 3.1 document, generated from the routes.',
  },
});
