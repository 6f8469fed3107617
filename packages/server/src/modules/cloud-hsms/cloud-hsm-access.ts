import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { Messages } from '@keydeck/contract/messages';
import type { Service } from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { targetAccount } from '../../platform/account-access.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { Principal } from '../../platform/principal.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import * as services from '../services/services.service.ts';
import type { CloudHsmHost } from './cloud-hsm-host.ts';
import * as repo from './cloud-hsms.repository.ts';
import * as clustersRepo from './clusters.repository.ts';

/** What the services of this module work with: the request's transaction and caller, and the module's means. */
export type CloudHsmContext = {
  tx: Tx;
  principal: Principal;
  jobs: JobQueue;
  secretBox: SecretBox;
  host: CloudHsmHost;
  /** Work for once the request's transaction has committed (waking a queue's worker). */
  afterCommit: (() => Promise<void>)[];
};

/**
 * The account named in the path and its service of the type: another account's id, another account's service or a
 * service of another type answers 404. A change needs the service Enabled (409).
 */
export async function requireService(
  ctx: Pick<CloudHsmContext, 'tx' | 'principal'>,
  params: { account_id: string; service_id: string },
  type: 'cloud_hsms' | 'cluster_management',
  forChange: boolean,
): Promise<{ accountId: string; service: Service }> {
  const accountId = targetAccount(ctx.principal, params.account_id);
  const service = await services.getService(ctx.tx, ctx.principal, params.service_id);
  if (service.account_id !== accountId || service.type !== type) throw notFound();
  if (forChange && service.status !== 'Enabled') throw conflict('service_not_enabled', Messages.serviceNotEnabled);
  return { accountId, service };
}

/** Whose HSMs and clusters the caller may name by id alone: their account's, or any for a platform administrator. */
export const visibleAccount = (principal: Principal) => targetAccount(principal, undefined, 'every-account');

/** An HSM the caller may see, else 404. */
export async function findOwnHsm(ctx: Pick<CloudHsmContext, 'tx' | 'principal'>, hsmId: string): Promise<repo.HsmView> {
  const row = await repo.findHsm(ctx.tx, visibleAccount(ctx.principal), hsmId);
  if (!row) throw notFound(CloudHsmMessages.hsmNotFound);
  return row;
}

/** An HSM the caller may see, its row locked for a change, else 404. */
export async function lockOwnHsm(ctx: Pick<CloudHsmContext, 'tx' | 'principal'>, hsmId: string): Promise<repo.HsmRow> {
  await findOwnHsm(ctx, hsmId);
  return (await repo.lockHsm(ctx.tx, hsmId))!;
}

/** A cluster the caller may see, else 404. */
export async function findOwnCluster(ctx: Pick<CloudHsmContext, 'tx' | 'principal'>, clusterId: string): Promise<clustersRepo.ClusterRow> {
  const row = await clustersRepo.findCluster(ctx.tx, visibleAccount(ctx.principal), clusterId);
  if (!row) throw notFound();
  return row;
}
