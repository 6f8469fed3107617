import { clustersApi } from '@keydeck/contract/clusters.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { existingNamedAccount, type AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import type { CloudHsmContext } from './cloud-hsm-access.ts';
import * as hsms from './cloud-hsms.service.ts';
import * as clusters from './clusters.service.ts';

/**
 * Clusters of cloud HSMs in a cluster_management service (spec §2 cluster-management/clusters): create, add and
 * remove members, delete, sync now. Registered by cloud-hsms.routes.ts with the module's context.
 */
export function register(app: FastifyInstance, ctx: (request: FastifyRequest) => CloudHsmContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: Permission.servicesRead } as const;
  const manage = { permission: Permission.servicesManage } as const;
  /** Events on a cluster name it by id and go to its account's log. */
  const onCluster = {
    before: ({ params, request }: { params: { cluster_id: string }; request: FastifyRequest }) => clusters.auditFacts(ctx(request), params.cluster_id),
    target: ({ params, before }: AuditInput<{ cluster_id: string }>) => ({ id: params.cluster_id, name: before.name ?? null }),
    account: ({ before }: AuditInput) => before.account,
  };
  /** A member's events name the HSM (so its audit trail shows them) and the cluster, and go to the cluster's account's log. */
  const onMember = {
    before: async ({ params, body, request }: { params: { cluster_id: string; hsm_id?: string }; body: unknown; request: FastifyRequest }) => {
      const hsmId = params.hsm_id ?? (body as { hsm_id: string }).hsm_id;
      const [cluster, hsm] = await Promise.all([clusters.auditFacts(ctx(request), params.cluster_id), hsms.auditFacts(ctx(request), hsmId)]);
      return { ...cluster, hsm: hsmId, hsmName: hsm.name };
    },
    target: ({ before }: AuditInput) => ({ id: before.hsm!, name: `${before.hsmName ?? before.hsm} (cluster ${before.name ?? 'unknown'})` }),
    account: ({ before }: AuditInput) => before.account,
  };

  routes.route({
    ...declared(clustersApi.listClusters),
    config: read,
    handler: (request) => clusters.listClusters(ctx(request), request.params, request.query),
  });
  routes.route({
    ...declared(clustersApi.createCluster),
    config: manage,
    audit: { action: 'cluster.create', target: ({ body, result }) => (result ? { id: result.data.id, name: body.name } : body.name), account: existingNamedAccount },
    handler: async (request, reply) => {
      reply.status(201);
      return { data: await clusters.createCluster(ctx(request), request.params, request.body.name) };
    },
  });
  routes.route({
    ...declared(clustersApi.getCluster),
    config: read,
    handler: async (request) => ({ data: await clusters.getCluster(ctx(request), request.params.cluster_id) }),
  });
  routes.route({
    ...declared(clustersApi.deleteCluster),
    config: manage,
    audit: { action: 'cluster.delete', ...onCluster },
    handler: async (request) => ({ data: await clusters.deleteCluster(ctx(request), request.params.cluster_id, request.body?.confirm ?? false) }),
  });
  routes.route({
    ...declared(clustersApi.listClusterMembers),
    config: read,
    handler: (request) => clusters.listMembers(ctx(request), request.params.cluster_id),
  });
  routes.route({
    ...declared(clustersApi.addClusterMember),
    config: manage,
    audit: { action: 'cluster.member_add', ...onMember },
    handler: async (request) => ({ data: await clusters.addMember(ctx(request), request.params.cluster_id, request.body.hsm_id) }),
  });
  routes.route({
    ...declared(clustersApi.removeClusterMember),
    config: manage,
    audit: { action: 'cluster.member_remove', ...onMember },
    handler: async (request) => ({ data: await clusters.removeMember(ctx(request), request.params.cluster_id, request.params.hsm_id) }),
  });
  routes.route({
    ...declared(clustersApi.syncCluster),
    config: manage,
    audit: { action: 'cluster.sync', ...onCluster },
    handler: async (request, reply) => {
      reply.status(202);
      return { data: await clusters.syncNow(ctx(request), request.params.cluster_id) };
    },
  });
}
