import { Permission } from '@keydeck/contract/permissions';
import { portRangesApi } from '@keydeck/contract/port-ranges.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { namesBefore } from '../../platform/audit-names.ts';
import { declared } from '../../platform/endpoint-route.ts';
import * as ranges from './port-ranges.service.ts';

/** The platform's port ranges and their assignment to accounts: platform administrators only. */
export function register(app: FastifyInstance): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const permission = Permission.platformAdmin;

  routes.route({
    ...declared(portRangesApi.listPortRanges),
    config: { permission },
    handler: (request) => ranges.listRanges(request.tx, request.query),
  });

  routes.route({
    ...declared(portRangesApi.createPortRanges),
    config: { permission },
    audit: { action: 'port_ranges.create', target: ({ body }) => body.port_ranges.map((r) => `${r.start_port}-${r.end_port}`).join(', ') },
    handler: async (request, reply) => {
      const created = await ranges.createRanges(request.tx, request.body.port_ranges);
      reply.status(201);
      return { port_ranges: created };
    },
  });

  routes.route({
    ...declared(portRangesApi.updatePortRanges),
    config: { permission },
    audit: {
      action: 'port_ranges.update',
      target: ({ body, result }) => ({ id: body.port_ranges.map((r) => r.id).join(', '), name: result?.port_ranges.map((r) => `${r.start_port}-${r.end_port}`).join(', ') }),
    },
    handler: async (request) => {
      return { port_ranges: await ranges.updateRanges(request.tx, request.body.port_ranges) };
    },
  });

  routes.route({
    ...declared(portRangesApi.deletePortRanges),
    config: { permission },
    audit: {
      action: 'port_ranges.delete',
      before: ({ body, tx }) => namesBefore(tx, body.port_ranges),
      target: ({ body, before }) => ({ id: body.port_ranges.join(', '), name: before.names }),
    },
    handler: async (request) => {
      await ranges.deleteRanges(request.tx, request.body.port_ranges);
      return { port_ranges: request.body.port_ranges };
    },
  });
}
