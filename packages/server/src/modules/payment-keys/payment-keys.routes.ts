import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import {
  batchResponse,
  componentKcvBody,
  componentKcvResponse,
  keyAssignmentsCreateBody,
  keyAssignmentsDeleteBody,
  keyAssignmentsQuery,
  keyAssignmentsResponse,
  keyGroupsCreateBody,
  keyGroupsDeleteBody,
  keyGroupsResponse,
  keyGroupsUpdateBody,
  keyLoadBody,
  keyLoadResponse,
  rklExportFormatsQuery,
  rklExportFormatsResponse,
  symmetricKeyExportBody,
  symmetricKeyExportResponse,
  symmetricKeyHistoryQuery,
  symmetricKeyHistoryResponse,
  symmetricKeysCreateBody,
  symmetricKeysCreateResponse,
  symmetricKeysDeleteBody,
  symmetricKeysQuery,
  symmetricKeysResponse,
  symmetricKeysUpdateBody,
  symmetricKeyUtilsResponse,
  type BatchResponse,
} from '@keydeck/contract/payment-keys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { keystoreScope } from '../../platform/keystore-scope.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { forbidden } from '../../platform/errors.ts';
import * as assignments from './key-assignments.service.ts';
import * as groups from './key-groups.service.ts';
import { rklExportFormats } from './rkl-export-formats.ts';
import * as keys from './symmetric-keys.service.ts';

/** What changed, by the service's name and the rows that succeeded (with their KCVs where a key is named). */
function batchTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${what.join(', ') || 'nothing'}`;
}
const succeeded = (result: BatchResponse | undefined) => result?.results.filter((r) => r.success).map((r) => r.name) ?? [];

/**
 * Payment keys of the current service (spec §7): key groups, symmetric keys and their utilities, key-slot
 * assignments and remote key loads. Reading needs the Key category, changing it at the Modify level.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('Key', { scope: (base, request) => keystoreScope(base, request, deps.keystore) });

  routes.get(ApiPath.keyGroups, {
    schema: { operationId: 'listKeyGroups', response: { 200: keyGroupsResponse } },
    config: view,
    handler: (request) => groups.list(scopeOf(request)),
  });
  routes.post(ApiPath.keyGroups, {
    schema: { operationId: 'createKeyGroups', body: keyGroupsCreateBody, response: { 201: keyGroupsCreateBody } },
    config: modify,
    audit: { action: 'key_group.create', target: (input) => batchTarget(input, input.body.groups.map((g) => `${g.name} (${g.key_retrieval_algorithm})`)) },
    handler: async (request, reply) => {
      await groups.create(scopeOf(request), request.body.groups);
      reply.status(201);
      return request.body;
    },
  });
  routes.put(ApiPath.keyGroups, {
    schema: { operationId: 'changeKeyRetrievalAlgorithm', body: keyGroupsUpdateBody, response: { 200: batchResponse } },
    config: modify,
    audit: { action: 'key_group.update', target: (input) => batchTarget(input, succeeded(input.result).map((name) => `${name} -> ${input.body.key_retrieval_algorithm}`)) },
    handler: (request) => groups.changeRetrievalAlgorithm(scopeOf(request), request.body.groups, request.body.key_retrieval_algorithm),
  });
  routes.delete(ApiPath.keyGroups, {
    schema: { operationId: 'deleteKeyGroups', body: keyGroupsDeleteBody, response: { 200: batchResponse } },
    config: modify,
    audit: { action: 'key_group.delete', target: (input) => batchTarget(input, succeeded(input.result)) },
    handler: (request) => groups.remove(scopeOf(request), request.body.groups),
  });

  routes.get(ApiPath.symmetricKeys, {
    schema: { operationId: 'listSymmetricKeys', querystring: symmetricKeysQuery, response: { 200: symmetricKeysResponse } },
    config: view,
    handler: (request) => keys.list(scopeOf(request), request.query),
  });
  routes.post(ApiPath.symmetricKeys, {
    schema: { operationId: 'createSymmetricKeys', body: symmetricKeysCreateBody, response: { 200: symmetricKeysCreateResponse } },
    config: modify,
    audit: {
      action: 'symmetric_key.create',
      target: (input) => batchTarget(input, input.result?.results.flatMap((r) => (r.key ? [`${r.key.name} (${r.key.id}, KCV ${r.key.kcv}, ${r.key.origin})`] : [])) ?? []),
    },
    handler: (request) => keys.create(scopeOf(request), request.body.symmetric_keys),
  });
  routes.put(ApiPath.symmetricKeys, {
    schema: { operationId: 'updateSymmetricKeys', body: symmetricKeysUpdateBody, response: { 200: batchResponse } },
    config: modify,
    audit: { action: 'symmetric_key.update', target: (input) => batchTarget(input, succeeded(input.result).map((name) => `${name} ${input.body.action}`)) },
    handler: (request) => keys.update(scopeOf(request), request.body.symmetric_keys, request.body.action),
  });
  routes.delete(ApiPath.symmetricKeys, {
    schema: { operationId: 'deleteSymmetricKeys', body: symmetricKeysDeleteBody, response: { 200: batchResponse } },
    config: modify,
    audit: {
      action: 'symmetric_key.delete',
      before: async ({ request, tx, body }) => ({ kcvs: await keys.describeKeys({ ...scopeOf(request), tx }, body.symmetric_keys) }),
      target: (input) => batchTarget(input, succeeded(input.result).map((name) => input.before.kcvs?.split('\n').find((line) => line.startsWith(`${name} (`)) ?? name)),
    },
    handler: (request) => keys.remove(scopeOf(request), request.body.symmetric_keys),
  });
  routes.post(ApiPath.symmetricKeyExport, {
    schema: { operationId: 'exportSymmetricKey', body: symmetricKeyExportBody, response: { 200: symmetricKeyExportResponse } },
    config: modify,
    audit: {
      action: 'symmetric_key.export',
      target: (input) => batchTarget(input, [`${input.body.key}${input.result ? ` (KCV ${input.result.kcv}) as ${input.result.format} under ${input.body.kbpk} (KCV ${input.result.kbpk_kcv})` : ` under ${input.body.kbpk}`}`]),
    },
    handler: (request) => keys.exportKey(scopeOf(request), request.body.key, request.body.kbpk),
  });
  routes.get(ApiPath.symmetricKeyHistory, {
    schema: { operationId: 'symmetricKeyHistory', querystring: symmetricKeyHistoryQuery, response: { 200: symmetricKeyHistoryResponse } },
    config: view,
    handler: (request) => keys.history(scopeOf(request), request.query.key),
  });
  routes.get(ApiPath.symmetricKeyUtils, {
    schema: { operationId: 'symmetricKeyUtils', response: { 200: symmetricKeyUtilsResponse } },
    config: view,
    handler: () => keys.utils(deps.keystore),
  });
  routes.post(ApiPath.componentKcv, {
    schema: { operationId: 'componentKcv', body: componentKcvBody, response: { 200: componentKcvResponse } },
    config: modify,
    // The component's KCV is what its custodian's form shows; the value itself is never recorded.
    audit: { action: 'symmetric_key.component_check', target: (input) => batchTarget(input, [`${input.body.algorithm} component${input.result ? `, KCV ${input.result.kcv}` : ''}`]) },
    handler: (request) => keys.componentKcv(request.body.algorithm, request.body.value, request.body.kcv_method),
  });

  routes.get(ApiPath.keyAssignments, {
    schema: { operationId: 'listKeyAssignments', querystring: keyAssignmentsQuery, response: { 200: keyAssignmentsResponse } },
    config: view,
    handler: (request) => assignments.list(scopeOf(request), request.query),
  });
  routes.post(ApiPath.keyAssignments, {
    schema: { operationId: 'createKeyAssignments', body: keyAssignmentsCreateBody, response: { 200: batchResponse } },
    config: modify,
    audit: { action: 'key_assignment.create', target: (input) => batchTarget(input, input.result?.results.filter((r) => r.success).map((r) => r.message) ?? []) },
    handler: (request) => assignments.create(scopeOf(request), request.body.key_assignments),
  });
  routes.delete(ApiPath.keyAssignments, {
    schema: { operationId: 'deleteKeyAssignments', body: keyAssignmentsDeleteBody, response: { 200: batchResponse } },
    config: modify,
    audit: { action: 'key_assignment.delete', target: (input) => batchTarget(input, succeeded(input.result)) },
    handler: (request) => assignments.remove(scopeOf(request), request.body.key_assignments),
  });
  routes.post(ApiPath.keyLoad, {
    schema: { operationId: 'loadDeviceKey', body: keyLoadBody, response: { 200: keyLoadResponse } },
    config: modify,
    audit: {
      action: 'key_assignment.load',
      target: (input) => batchTarget(input, [`device ${input.body.serial} slot ${input.body.key_slot} under ${input.body.kbpk}${input.result ? ` (KCV ${input.result.kcv}${input.result.ksn ? `, KSN ${input.result.ksn}` : ''})` : ''}`]),
    },
    handler: (request) => assignments.load(scopeOf(request), request.body),
  });

  routes.get(ApiPath.rklExportFormats, {
    schema: { operationId: 'rklExportFormats', querystring: rklExportFormatsQuery, response: { 200: rklExportFormatsResponse } },
    config: { signedIn: true },
    handler: (request) => {
      const principal = request.principal!;
      if (request.query.account_id !== principal.account.id && !principal.platformAdmin) throw forbidden('other_account', Messages.permissionDenied);
      return { formats: rklExportFormats };
    },
  });
}
