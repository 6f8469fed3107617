import { Messages } from '@keydeck/contract/messages';
import type { BatchResponse } from '@keydeck/contract/payment-keys';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { keystoreScope } from '../../platform/keystore-scope.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import { namedList } from '../../platform/audit-batch.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import { forbidden } from '../../platform/errors.ts';
import * as assignments from './key-assignments.service.ts';
import * as groups from './key-groups.service.ts';
import { rklExportFormats } from './rkl-export-formats.ts';
import * as keys from './symmetric-keys.service.ts';

/**
 * What a call acted on, by the service's name and every row it was asked for (with their KCVs where a key is named),
 * the first few of a long batch; which of them were done is the event's outcome and reason.
 */
function batchTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${namedList(what) || 'nothing'}`;
}
/** The rows a batch answered for, done or not; a refused call has no answer and names what its body asked. */
const asked = (result: BatchResponse | undefined, body: string[] = []) => result?.results.map((r) => r.name) ?? body;

/**
 * Payment keys of the current service (spec §7): key groups, symmetric keys and their utilities, key-slot
 * assignments and remote key loads. Reading needs the Key category, changing it at the Modify level.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Key', { scope: (base, request) => keystoreScope(base, request, deps.keystore) });

  routes.route({
    ...declared(paymentKeysApi.listKeyGroups),
    config: view,
    handler: (request) => groups.list(scopeOf(request)),
  });
  routes.route({
    ...declared(paymentKeysApi.createKeyGroups),
    config: modify,
    audit: { action: 'key_group.create', target: (input) => batchTarget(input, input.body.groups.map((g) => `${g.name} (${g.key_retrieval_algorithm})`)) },
    handler: async (request, reply) => {
      await groups.create(scopeOf(request), request.body.groups);
      reply.status(201);
      return request.body;
    },
  });
  routes.route({
    ...declared(paymentKeysApi.changeKeyRetrievalAlgorithm),
    config: modify,
    audit: { action: 'key_group.update', target: (input) => batchTarget(input, asked(input.result, input.body.groups).map((name) => `${name} -> ${input.body.key_retrieval_algorithm}`)) },
    handler: (request) => groups.changeRetrievalAlgorithm(scopeOf(request), request.body.groups, request.body.key_retrieval_algorithm),
  });
  routes.route({
    ...declared(paymentKeysApi.deleteKeyGroups),
    config: modify,
    audit: { action: 'key_group.delete', target: (input) => batchTarget(input, asked(input.result, input.body.groups)) },
    handler: (request) => groups.remove(scopeOf(request), request.body.groups),
  });

  routes.route({
    ...declared(paymentKeysApi.listSymmetricKeys),
    config: view,
    handler: (request) => keys.list(scopeOf(request), request.query),
  });
  routes.route({
    ...declared(paymentKeysApi.createSymmetricKeys),
    config: modify,
    audit: {
      action: 'symmetric_key.create',
      target: (input) =>
        batchTarget(input, input.result?.results.map((r) => (r.key ? `${r.key.name} (${r.key.id}, KCV ${r.key.kcv}, ${r.key.origin})` : r.name)) ?? input.body.symmetric_keys.map((k) => k.name)),
    },
    handler: (request) => keys.create(scopeOf(request), request.body.symmetric_keys),
  });
  routes.route({
    ...declared(paymentKeysApi.updateSymmetricKeys),
    config: modify,
    audit: { action: 'symmetric_key.update', target: (input) => batchTarget(input, asked(input.result, input.body.symmetric_keys).map((name) => `${name} ${input.body.action}`)) },
    handler: (request) => keys.update(scopeOf(request), request.body.symmetric_keys, request.body.action),
  });
  routes.route({
    ...declared(paymentKeysApi.deleteSymmetricKeys),
    config: modify,
    audit: {
      action: 'symmetric_key.delete',
      before: async ({ request, tx, body }) => ({ kcvs: await keys.describeKeys({ ...scopeOf(request), tx }, body.symmetric_keys) }),
      target: (input) => batchTarget(input, asked(input.result, input.body.symmetric_keys).map((name) => input.before.kcvs?.split('\n').find((line) => line.startsWith(`${name} (`)) ?? name)),
    },
    handler: (request) => keys.remove(scopeOf(request), request.body.symmetric_keys),
  });
  routes.route({
    ...declared(paymentKeysApi.exportSymmetricKey),
    config: modify,
    audit: {
      action: 'symmetric_key.export',
      target: (input) => batchTarget(input, [`${input.body.key}${input.result ? ` (KCV ${input.result.kcv}) as ${input.result.format} under ${input.body.kbpk} (KCV ${input.result.kbpk_kcv})` : ` under ${input.body.kbpk}`}`]),
    },
    handler: (request) => keys.exportKey(scopeOf(request), request.body.key, request.body.kbpk),
  });
  routes.route({
    ...declared(paymentKeysApi.symmetricKeyHistory),
    config: view,
    handler: (request) => keys.history(scopeOf(request), request.query.key),
  });
  routes.route({
    ...declared(paymentKeysApi.symmetricKeyUtils),
    config: view,
    handler: () => keys.utils(deps.keystore),
  });
  routes.route({
    ...declared(paymentKeysApi.componentKcv),
    // A custodian (Key at View is enough to be one) checks their component's KCV before entering it: it reads and
    // changes no key. The component's KCV is what its form shows; the value itself is never recorded.
    config: view,
    audit: { action: 'symmetric_key.component_check', target: (input) => batchTarget(input, [`${input.body.algorithm} component${input.result ? `, KCV ${input.result.kcv}` : ''}`]) },
    handler: (request) => keys.componentKcv(request.body.algorithm, request.body.value, request.body.kcv_method),
  });

  routes.route({
    ...declared(paymentKeysApi.listKeyAssignments),
    config: view,
    handler: (request) => assignments.list(scopeOf(request), request.query),
  });
  routes.route({
    ...declared(paymentKeysApi.createKeyAssignments),
    config: modify,
    audit: { action: 'key_assignment.create', target: (input) => batchTarget(input, input.result?.results.map((r) => (r.success ? r.message : r.name)) ?? input.body.key_assignments.map((a) => `${a.group} slot ${a.key_slot}`)) },
    handler: (request) => assignments.create(scopeOf(request), request.body.key_assignments),
  });
  routes.route({
    ...declared(paymentKeysApi.deleteKeyAssignments),
    config: modify,
    audit: { action: 'key_assignment.delete', target: (input) => batchTarget(input, asked(input.result, input.body.key_assignments.map((a) => `${a.group} slot ${a.key_slot}`))) },
    handler: (request) => assignments.remove(scopeOf(request), request.body.key_assignments),
  });
  routes.route({
    ...declared(paymentKeysApi.loadDeviceKey),
    config: modify,
    audit: {
      action: 'key_assignment.load',
      target: (input) => batchTarget(input, [`device ${input.body.serial} slot ${input.body.key_slot} under ${input.body.kbpk}${input.result ? ` (KCV ${input.result.kcv}${input.result.ksn ? `, KSN ${input.result.ksn}` : ''})` : ''}`]),
    },
    handler: (request) => assignments.load(scopeOf(request), request.body),
  });

  routes.route({
    ...declared(paymentKeysApi.rklExportFormats),
    config: { signedIn: true },
    handler: (request) => {
      const principal = principalOf(request);
      if (request.query.account_id !== principal.account.id && !principal.platformAdmin) throw forbidden('other_account', Messages.permissionDenied);
      return { formats: rklExportFormats };
    },
  });
}
