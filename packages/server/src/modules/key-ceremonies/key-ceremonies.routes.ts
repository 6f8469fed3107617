import { keyCeremoniesApi } from '@keydeck/contract/key-ceremonies.api';
import type { KeyCeremony } from '@keydeck/contract/key-ceremonies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { keystoreScope } from '../../platform/keystore-scope.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import * as ceremonies from './key-ceremonies.service.ts';

const inService = ({ request }: AuditInput, what: string) => `${request.serviceAccess.serviceName}: ${what}`;
const entered = (ceremony: KeyCeremony | undefined) => {
  const last = ceremony?.components.at(-1);
  if (!ceremony || !last) return 'a component';
  const made = ceremony.state === 'completed' ? `; key ${ceremony.name} created, KCV ${ceremony.kcv}` : '';
  return `ceremony for ${ceremony.name}: component ${last.position} of ${ceremony.components_required}, KCV ${last.kcv}${made}`;
};

/**
 * Key custodians and key ceremonies of the current service (split knowledge, dual control). Custodians are
 * designated by the service's user administrators (User category at Modify); ceremonies are opened and cancelled
 * at Key Modify, and a component is entered by a designated custodian holding the Key category, whatever its level.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const scope = (base: Parameters<typeof keystoreScope>[0], request: Parameters<typeof keystoreScope>[1]) => ({
    ...keystoreScope(base, request, deps.keystore),
    userId: base.principal.userId,
  });
  const users = serviceDataRoutes('User', { scope });
  const { view, modify, scopeOf } = serviceDataRoutes('Key', { scope });

  routes.route({
    ...declared(keyCeremoniesApi.getKeyCustodians),
    config: view,
    handler: (request) => ceremonies.custodians(scopeOf(request)),
  });
  routes.route({
    ...declared(keyCeremoniesApi.setKeyCustodians),
    config: users.modify,
    audit: {
      target: (input) => {
        const names = input.result?.custodians.map((c) => c.username).join(', ');
        const { policy } = input.body;
        return inService(input, `key custodians ${names || (input.result ? 'none' : `${input.body.user_ids.length} asked`)}; opener may be custodian ${policy.opener_may_be_custodian ? 'on' : 'off'}; single-operator component entry ${policy.single_operator_entry ? 'on' : 'off'}`);
      },
    },
    handler: (request) => ceremonies.setCustodians(users.scopeOf(request), request.body.user_ids, request.body.policy),
  });
  routes.route({
    ...declared(keyCeremoniesApi.listKeyCeremonies),
    config: view,
    handler: (request) => ceremonies.list(scopeOf(request)),
  });
  routes.route({
    ...declared(keyCeremoniesApi.openKeyCeremony),
    config: modify,
    audit: {
      target: (input) => inService(input, `ceremony for ${input.body.name} (${input.body.algorithm}, ${input.body.components} components, ${input.result?.custodians.map((c) => c.username).join(', ') || 'any designated custodians'})`),
    },
    handler: async (request, reply) => {
      const ceremony = await ceremonies.open(scopeOf(request), request.body);
      reply.status(201);
      return ceremony;
    },
  });
  routes.route({
    ...declared(keyCeremoniesApi.getKeyCeremony),
    config: view,
    handler: (request) => ceremonies.get(scopeOf(request), request.params.ceremony_id),
  });
  routes.route({
    ...declared(keyCeremoniesApi.enterCeremonyComponent),
    config: view,
    // The component's KCV is recorded; its value never is.
    audit: { target: (input) => inService(input, entered(input.result)) },
    handler: (request) => ceremonies.enter(scopeOf(request), request.params.ceremony_id, request.body),
  });
  routes.route({
    ...declared(keyCeremoniesApi.cancelKeyCeremony),
    config: modify,
    audit: { target: (input) => inService(input, `ceremony ${input.result?.name ?? input.params.ceremony_id}: ${input.body.reason}`) },
    handler: (request) => ceremonies.cancel(scopeOf(request), request.params.ceremony_id, request.body.reason),
  });
  routes.route({
    ...declared(keyCeremoniesApi.keyCeremonyRecord),
    config: view,
    audit: { target: (input) => inService(input, `record of ceremony ${input.params.ceremony_id}`) },
    handler: async (request, reply) => {
      const { name, csv } = await ceremonies.record(scopeOf(request), request.params.ceremony_id);
      const file = `key-ceremony-${name.replace(/[^A-Za-z0-9-]+/g, '-')}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).header('cache-control', 'no-store');
      return csv;
    },
  });
}
