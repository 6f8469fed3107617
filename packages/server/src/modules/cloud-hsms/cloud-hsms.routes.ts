import { cloudHsmsApi } from '@keydeck/contract/cloud-hsms.api';
import { Permission } from '@keydeck/contract/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { existingNamedAccount, type AuditInput } from '../../platform/audit-declaration.ts';
import { declared, principalOf } from '../../platform/endpoint-route.ts';
import type { CloudHsmContext } from './cloud-hsm-access.ts';
import { attachHost, createCloudHsmHost, type CloudHsmHost } from './cloud-hsm-host.ts';
import * as secrets from './cloud-hsm-secrets.service.ts';
import * as hsms from './cloud-hsms.service.ts';
import { cloudOverview } from './cloud-overview.service.ts';
import * as clusterRoutes from './clusters.routes.ts';

/** The module's context for a request. */
export const contextOf = (deps: AppDeps, host: CloudHsmHost) => (request: FastifyRequest): CloudHsmContext => ({
  tx: request.tx,
  principal: principalOf(request),
  jobs: deps.jobs,
  secretBox: deps.secretBox,
  host,
  afterCommit: request.afterCommit,
});

/**
 * A customer's cloud HSMs (spec §2 cloud-provisioning/cloud-hsms and cloud-hsm-management/{id}), their clusters
 * (clusters.routes.ts) and the /chc overview. Seeing needs services:read, changing services:manage; another
 * account's HSM, cluster or service answers 404. PINs and backups never reach an audit event or a log.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const host = createCloudHsmHost(deps.config);
  attachHost(app, host);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ctx = contextOf(deps, host);
  const read = { permission: Permission.servicesRead } as const;
  const manage = { permission: Permission.servicesManage } as const;
  /** Events on an HSM name it by id (its audit trail finds them so) and go to its account's log. */
  const onHsm = {
    before: ({ params, request }: { params: { hsm_id: string }; request: FastifyRequest }) => hsms.auditFacts(ctx(request), params.hsm_id),
    target: ({ params, before }: AuditInput<{ hsm_id: string }>) => ({ id: params.hsm_id, name: before.name ?? null }),
    account: ({ before }: AuditInput) => before.account,
  };

  routes.route({
    ...declared(cloudHsmsApi.listCloudHsms),
    config: read,
    handler: (request) => hsms.listHsms(ctx(request), request.params, request.query),
  });
  routes.route({
    ...declared(cloudHsmsApi.requestCloudHsm),
    config: manage,
    audit: {
      action: 'cloud_hsm.request',
      target: ({ body, result }) => (result ? { id: result.data.id, name: body.name } : body.name),
      account: existingNamedAccount,
    },
    handler: async (request, reply) => {
      reply.status(202);
      return { data: await hsms.requestHsm(ctx(request), request.params, request.body) };
    },
  });
  routes.route({
    ...declared(cloudHsmsApi.getCloudHsm),
    config: read,
    handler: async (request) => ({ data: await hsms.getHsm(ctx(request), request.params.hsm_id) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.deprovisionCloudHsm),
    config: manage,
    // Done in the request when the HSM never got a partition; else its provisioner zeroizes it in a job.
    audit: { action: 'cloud_hsm.deprovision', ...onHsm, also: ({ result }) => (result.data.status === 'Deprovisioned' ? ['cloud_hsm.deprovisioned'] : []) },
    handler: async (request, reply) => {
      const hsm = await hsms.deprovisionHsm(ctx(request), request.params.hsm_id, request.body.confirm_name);
      reply.status(hsm.status === 'Deprovisioned' ? 200 : 202);
      return { data: hsm };
    },
  });
  routes.route({
    ...declared(cloudHsmsApi.getCloudHsmHealth),
    config: read,
    handler: async (request) => ({ data: await hsms.healthSeries(ctx(request), request.params.hsm_id, request.query.since) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.listCloudHsmAuditEvents),
    config: read,
    handler: (request) => hsms.auditTrail(ctx(request), request.params.hsm_id, request.query),
  });
  routes.route({
    ...declared(cloudHsmsApi.showCloudHsmPins),
    config: manage,
    audit: { action: 'cloud_hsm.pins_shown', ...onHsm },
    handler: async (request) => ({ data: await secrets.showPins(ctx(request), request.params.hsm_id) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.rotateCloudHsmUserPin),
    config: manage,
    audit: { action: 'cloud_hsm.user_pin_rotate', ...onHsm },
    handler: async (request) => ({ data: await secrets.rotateUserPin(ctx(request), request.params.hsm_id) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.backUpCloudHsm),
    config: manage,
    audit: { action: 'cloud_hsm.backup', ...onHsm },
    handler: async (request) => ({ data: await secrets.backup(ctx(request), request.params.hsm_id, request.body.passphrase) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.checkCloudHsmBackup),
    config: manage,
    // Audited as a change would be: each try of a passphrase is on record.
    audit: { action: 'cloud_hsm.backup_check', ...onHsm },
    handler: async (request) => ({ data: await secrets.checkBackup(ctx(request), request.params.hsm_id, request.body.passphrase, request.body.content) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.restoreCloudHsm),
    config: manage,
    audit: { action: 'cloud_hsm.restore', ...onHsm },
    handler: async (request) => ({ data: await secrets.restore(ctx(request), request.params.hsm_id, request.body.passphrase, request.body.content) }),
  });
  routes.route({
    ...declared(cloudHsmsApi.getCloudOverview),
    config: read,
    handler: async (request) => ({ data: await cloudOverview(ctx(request), request.params.account_id) }),
  });

  clusterRoutes.register(app, ctx);
}
