import { BUILT_IN_ROLES, PERMISSION_CATEGORIES } from '@keydeck/contract/permissions';
import type { Db, Tx } from '../../db/database.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import type { JobQueue, QueuePolicy } from '../../platform/job-queue.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as repo from './services.repository.ts';

export const PROVISIONING_QUEUE = 'service-provisioning';
const PROVISIONING_POLICY: QueuePolicy = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 300 };

/** The first group of every service: under Root, every permission category at the Modify level. */
export const FIRST_GROUP = {
  name: 'Administrators',
  permissions: Object.fromEntries(PERMISSION_CATEGORIES.map((c) => [c, 'Modify' as const])),
};

type ProvisioningJob = { serviceId: string };

/** Queues the provisioning of a service in the transaction that moved it to PendingProvisioning. */
export function queueProvisioning(jobs: JobQueue, tx: Tx, serviceId: string): Promise<void> {
  return jobs.send(tx, PROVISIONING_QUEUE, { serviceId } satisfies ProvisioningJob);
}

/** Every server process works the provisioning queue; each job is fetched by one of them. */
export function startServiceProvisioning(jobs: JobQueue, db: Db, auditKey: Uint8Array): Promise<void> {
  return jobs.work<ProvisioningJob>(PROVISIONING_QUEUE, PROVISIONING_POLICY, async (data, jobId) => {
    await provisionService(db, auditKey, data.serviceId, jobId);
  });
}

/**
 * Provisions a service: PendingProvisioning -> Enabled, with its first group and first service users, audited
 * on the account. The service's row lock and status make it idempotent: a retried or repeated job finds the
 * service Enabled (or gone) and does nothing.
 */
export async function provisionService(db: Db, auditKey: Uint8Array, serviceId: string, jobId: string): Promise<boolean> {
  return inScope(db, SYSTEM_SCOPE, async (tx) => {
    const [service] = await repo.lockServices(tx, [serviceId]);
    if (!service || service.status !== 'PendingProvisioning') return false;
    const groupId = await repo.ensureGroup(tx, { accountId: service.accountId, serviceId, ...FIRST_GROUP });
    const requester = service.requestedBy ? await repo.findActiveUser(tx, service.accountId, service.requestedBy) : null;
    const members = requester ? [requester] : await repo.usersWithRole(tx, service.accountId, BUILT_IN_ROLES.accountAdministrator.name);
    await repo.addServiceUsers(tx, members.map((userId) => ({ accountId: service.accountId, serviceId, userId, groupId })));
    await repo.setStatus(tx, serviceId, 'Enabled');
    await writeSystemAuditEvent(tx, auditKey, { accountId: service.accountId, action: 'service.provisioned', target: service.name, jobId });
    return true;
  });
}
