import { ApiPath } from '@keydeck/contract/http';
import { Permission } from '@keydeck/contract/permissions';
import {
  portRangesCreateBody,
  portRangesDeleteBody,
  portRangesPage,
  portRangesQuery,
  portRangesResponse,
  portRangesUpdateBody,
} from '@keydeck/contract/port-ranges';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as ranges from './port-ranges.service.ts';

/** The platform's port ranges and their assignment to accounts: platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.get(ApiPath.adminPortRanges, {
    schema: { operationId: 'listPortRanges', querystring: portRangesQuery, response: { 200: portRangesPage } },
    config: { permission },
    handler: (request) => ranges.listRanges(request.tx, request.query),
  });

  routes.post(ApiPath.adminPortRanges, {
    schema: { operationId: 'createPortRanges', body: portRangesCreateBody, response: { 201: portRangesResponse } },
    config: { permission },
    audit: { action: 'port_ranges.create', target: ({ body }) => body.port_ranges.map((r) => `${r.start_port}-${r.end_port}`).join(', ') },
    handler: async (request, reply) => {
      const created = await ranges.createRanges(request.tx, request.body.port_ranges);
      reply.status(201);
      return { port_ranges: created };
    },
  });

  routes.put(ApiPath.adminPortRanges, {
    schema: { operationId: 'updatePortRanges', body: portRangesUpdateBody, response: { 200: portRangesResponse } },
    config: { permission },
    audit: { action: 'port_ranges.update', target: ({ body }) => body.port_ranges.map((r) => r.id).join(', ') },
    handler: async (request) => {
      return { port_ranges: await ranges.updateRanges(request.tx, request.body.port_ranges) };
    },
  });

  routes.delete(ApiPath.adminPortRanges, {
    schema: { operationId: 'deletePortRanges', body: portRangesDeleteBody, response: { 200: portRangesDeleteBody } },
    config: { permission },
    audit: { action: 'port_ranges.delete', target: ({ body }) => body.port_ranges.join(', ') },
    handler: async (request) => {
      await ranges.deleteRanges(request.tx, request.body.port_ranges);
      return { port_ranges: request.body.port_ranges };
    },
  });
}
