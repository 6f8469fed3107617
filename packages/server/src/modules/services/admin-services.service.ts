import { Messages } from '@keydeck/contract/messages';
import type { AdminServicesQuery, Service, ServiceRequest } from '@keydeck/contract/services';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as cryptohub from '../cryptohub/cryptohub.service.ts';
import { PROVISIONING_QUEUE, queueProvisioning } from './services.jobs.ts';
import * as repo from './services.repository.ts';
import { assertRequestable, statusText, toWire } from './services.service.ts';

export type ServiceAction = 'approve' | 'enable' | 'disable';

/** Starts, in this process, the provisioning of services queued by a committed transaction, without waiting for the next poll. */
export function wakeProvisioning(jobs: JobQueue): void {
  jobs.wake(PROVISIONING_QUEUE);
}

type AdminCreate = ServiceRequest & { account_id: string; use_jwt: boolean };

/** The one move each action makes; anything else is refused. */
const TRANSITIONS: Record<ServiceAction, { from: string; to: repo.ServiceRow['status'] }> = {
  approve: { from: 'PendingApproval', to: 'PendingProvisioning' },
  disable: { from: 'Enabled', to: 'Disabled' },
  enable: { from: 'Disabled', to: 'Enabled' },
};

/** A platform administrator creates services for accounts directly: they skip approval and go to provisioning. */
export async function createServices(tx: Tx, jobs: JobQueue, inputs: AdminCreate[]): Promise<Service[]> {
  for (const accountId of new Set(inputs.map((i) => i.account_id))) {
    await accounts.findAccount(tx, accountId);
  }
  const created: Service[] = [];
  for (const [i, input] of inputs.entries()) {
    const earlier = inputs.slice(0, i).filter((e) => e.account_id === input.account_id).map((e) => e.name);
    await assertRequestable(tx, input.account_id, input, `services.${i}.`, earlier);
  }
  // The account's CryptoHub quota counts the whole batch's services for it.
  for (const accountId of new Set(inputs.map((i) => i.account_id))) {
    await cryptohub.assertServicesAllowed(tx, accountId, inputs.filter((i) => i.account_id === accountId).length, false);
  }
  for (const input of inputs) {
    const row = await repo.insertService(tx, {
      accountId: input.account_id,
      type: input.type,
      name: input.name,
      status: 'PendingProvisioning',
      location: input.location,
      environment: input.environment,
      useJwt: input.use_jwt,
    });
    await queueProvisioning(jobs, tx, row.id);
    created.push(toWire(row));
  }
  return created;
}

/**
 * Moves services along their life cycle, all or none: approve queues the provisioning job in this
 * transaction (a rolled-back approval queues nothing); disable ends the service's live sessions.
 */
export async function updateServices(tx: Tx, jobs: JobQueue, changes: { id: string; action: ServiceAction }[]): Promise<Service[]> {
  const locked = await lockAll(tx, changes.map((c) => c.id));
  const updated = new Map<string, Service>();
  for (const change of changes) {
    const current = updated.get(change.id)?.status ?? locked.get(change.id)!.status;
    const move = TRANSITIONS[change.action];
    if (current !== move.from) {
      const name = locked.get(change.id)!.name;
      throw conflict('invalid_transition', Messages.serviceTransitionRefused(name, statusText(current), change.action));
    }
    const row = await repo.setStatus(tx, change.id, move.to);
    if (change.action === 'approve') await queueProvisioning(jobs, tx, change.id);
    if (change.action === 'disable') await repo.endServiceSessions(tx, change.id);
    updated.set(change.id, toWire(row));
  }
  return [...updated.values()];
}

/** Every account's services, newest first by default: where platform administrators find the requests to decide. */
export async function listEveryAccountsServices(tx: Tx, query: AdminServicesQuery) {
  const { rows, total } = await repo.listEveryAccountsServices(tx, query);
  return { data: rows.map((row) => ({ ...toWire(row), account_name: row.accountName })), total };
}

/** Rejects pending requests and deletes services with everything they hold (groups, service users, sessions). */
export async function deleteServices(tx: Tx, ids: string[]): Promise<Service[]> {
  await lockAll(tx, ids);
  return (await repo.deleteServices(tx, [...new Set(ids)])).map(toWire);
}

/** Locks the services; any unknown id answers 404 and changes nothing. */
async function lockAll(tx: Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.lockServices(tx, unique);
  if (rows.length !== unique.length) throw notFound();
  return new Map(rows.map((r) => [r.id, r]));
}
