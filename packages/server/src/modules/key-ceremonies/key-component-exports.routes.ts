import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import type { KeyComponentExport } from '@keydeck/contract/key-ceremonies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { keystoreScope } from '../../platform/keystore-scope.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as exports from './key-component-exports.service.ts';

const inService = ({ request }: AuditInput, what: string) => `${request.serviceAccess.serviceName}: ${what}`;
const componentsOf = (made: KeyComponentExport) => made.components.map((c) => `${c.position} to ${c.custodian} (KCV ${c.kcv})`).join(', ');

/**
 * Key component exports of the current service (split knowledge, the reverse of a ceremony): opened and cancelled
 * at Key Modify; a component is revealed by its own custodian, who holds the Key category at any level. Audit
 * events name KCVs; a component's value is never logged nor audited.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Key', {
    scope: (base, request) => ({ ...keystoreScope(base, request, deps.keystore), userId: base.principal.userId }),
  });

  routes.route({
    ...declared(keyCeremoniesApi.listKeyComponentExports),
    config: view,
    handler: (request) => exports.list(scopeOf(request)),
  });
  routes.route({
    ...declared(keyCeremoniesApi.openKeyComponentExport),
    config: modify,
    audit: {
      target: (input) =>
        inService(input, input.result ? `export of ${input.result.key} (KCV ${input.result.kcv}) as components ${componentsOf(input.result)}` : `export of ${input.body.key}`),
    },
    handler: async (request, reply) => {
      const made = await exports.open(scopeOf(request), request.body);
      reply.status(201);
      return made;
    },
  });
  routes.route({
    ...declared(keyCeremoniesApi.getKeyComponentExport),
    config: view,
    handler: (request) => exports.get(scopeOf(request), request.params.export_id),
  });
  routes.route({
    ...declared(keyCeremoniesApi.revealKeyComponent),
    config: view,
    // The component's position and KCV are recorded; its value never is.
    audit: {
      before: async ({ request, tx, params }) => ({ label: await exports.auditLabel({ ...scopeOf(request), tx }, params.export_id) }),
      target: (input) => {
        const what = input.before.label ?? `export ${input.params.export_id}`;
        return inService(input, input.result ? `${what}: component ${input.result.position} revealed, KCV ${input.result.kcv}` : what);
      },
    },
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exports.reveal(scopeOf(request), request.params.export_id);
    },
  });
  routes.route({
    ...declared(keyCeremoniesApi.cancelKeyComponentExport),
    config: modify,
    audit: {
      target: (input) => {
        const unrevealed = input.result?.components.filter((c) => c.revealed_at === null).map((c) => `${c.position} of ${c.custodian} (KCV ${c.kcv})`);
        const what = input.result ? `export of ${input.result.key} (KCV ${input.result.kcv})` : `export ${input.params.export_id}`;
        return inService(input, `${what}: ${input.body.reason}${unrevealed ? `; components destroyed unrevealed: ${unrevealed.join(', ') || 'none'}` : ''}`);
      },
    },
    handler: (request) => exports.cancel(scopeOf(request), request.params.export_id, request.body.reason),
  });
}
