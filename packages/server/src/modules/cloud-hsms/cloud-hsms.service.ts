import { CloudHsmMessages, HEALTH_SERIES_DEFAULT_HOURS, HEALTH_SERIES_MAX_POINTS, type CloudHsmDetail, type CloudHsmHealthSample, type CloudHsmRequest, type CloudHsmsPage } from '@keydeck/contract/cloud-hsms';
import { type CloudHsmsQuery } from '@keydeck/contract/cloud-hsms-queries';
import { auditListQuery } from '@keydeck/contract/audit';
import { badRequest, conflict } from '../../platform/errors.ts';
import * as audit from '../audit/audit.service.ts';
import * as cryptohub from '../cryptohub/cryptohub.service.ts';
import { describingDriver } from './cloud-hsm-host.ts';
import { findOwnHsm, lockOwnHsm, requireService, visibleAccount, type CloudHsmContext } from './cloud-hsm-access.ts';
import { provisionerQueue, queueProvisionerJob } from './cloud-hsms.jobs.ts';
import * as repo from './cloud-hsms.repository.ts';
import { toSample, toSummary } from './cloud-hsms.wire.ts';
import * as clustersRepo from './clusters.repository.ts';
import { healthOf } from './health-states.ts';
import type { Connection, HsmDriver } from './hsm-driver.ts';
import { markDeprovisioned } from './hsm-release.ts';
import * as placement from './placement.repository.ts';
import { withPlatformView } from './platform-view.ts';

/** The service's cloud HSMs, a page of them. */
export async function listHsms(ctx: CloudHsmContext, params: { account_id: string; service_id: string }, query: CloudHsmsQuery): Promise<CloudHsmsPage> {
  const { accountId, service } = await requireService(ctx, params, 'cloud_hsms', false);
  const { rows, total } = await repo.listHsms(ctx.tx, accountId, service.id, query);
  const ids = rows.map((r) => r.hsm.id);
  const ports = await repo.portsOfHsms(ctx.tx, ids);
  const health = await healthOf(ctx.tx, rows.map((r) => r.hsm));
  return { data: rows.map((row) => toSummary(row, ports.get(row.hsm.id) ?? [], health.get(row.hsm.id))), total };
}

/** One HSM with its connection details, provisioner, latest sample and object count. */
export async function getHsm(ctx: CloudHsmContext, hsmId: string): Promise<CloudHsmDetail> {
  const row = await findOwnHsm(ctx, hsmId);
  const { hsm } = row;
  const ports = (await repo.portsOfHsms(ctx.tx, [hsm.id])).get(hsm.id) ?? [];
  const health = (await healthOf(ctx.tx, [hsm])).get(hsm.id)!;
  const reached = await repo.latestReachableSample(ctx.tx, hsm.id);
  const driver = describingDriver(ctx.host, hsm.provisionerId, health.provisioner?.kind ?? null);
  const connection = hsm.status === 'Enabled' && hsm.partitionRef && driver ? describe(driver, hsm.partitionRef, hsm.tokenLabel) : null;
  return {
    ...toSummary(row, ports, health),
    provisioner: health.provisioner
      ? { id: health.provisioner.id, name: health.provisioner.name, state: health.provisioner.up ? 'Up' : 'Down', last_heartbeat_at: health.provisioner.lastHeartbeatAt.toISOString() }
      : null,
    token_label: hsm.tokenLabel,
    token_serial: hsm.tokenSerial,
    connection: connection && {
      module: connection.module,
      environment: connection.environment,
      token_label: connection.tokenLabel,
      slot_id: connection.slotId,
      address: row.address,
      pkcs11_port: ports.find((p) => p.purpose === 'pkcs11')?.port ?? null,
    },
    latest_sample: health.latest ? toSample(health.latest) : null,
    partitions: row.partitions,
    objects: reached?.objects ?? null,
    pins_shown: hsm.pinsShownAt !== null,
    backup_allowed: row.policies.backup_allowed !== false,
  };
}

/** The partition's connection details; none where this driver cannot tell (a partition of another machine's layout). */
function describe(driver: HsmDriver, ref: string, tokenLabel: string): Connection | null {
  try {
    return driver.connection(ref, tokenLabel);
  } catch {
    return null;
  }
}

/**
 * Requests a cloud HSM, all in the request's transaction: the blueprint must be enabled and placed in the zone; a
 * provisioner of its group that is up, not draining and has room is picked (fewest HSMs first) and a license seat
 * of its model valid today is held; refused with nothing changed when either is missing. The HSM is recorded as
 * placed with a queued run, and its provisioning job is queued on its provisioner.
 */
export async function requestHsm(ctx: CloudHsmContext, params: { account_id: string; service_id: string }, body: CloudHsmRequest): Promise<CloudHsmDetail> {
  const { tx } = ctx;
  const { accountId, service } = await requireService(ctx, params, 'cloud_hsms', true);
  await cryptohub.assertCloudHsmAllowed(tx, accountId);
  const blueprint = await placement.findBlueprint(tx, body.blueprint_id);
  if (!blueprint?.enabled) throw badRequest({ blueprint_id: [CloudHsmMessages.blueprintUnknown] });
  const zone = await placement.findZone(tx, body.zone_id);
  if (!zone) throw badRequest({ zone_id: [CloudHsmMessages.zoneUnknown] });
  if (blueprint.groupZoneId !== zone.id) throw badRequest({ zone_id: [CloudHsmMessages.blueprintNotInZone(blueprint.name, zone.name)] });
  if (await repo.nameTaken(tx, service.id, body.name)) {
    const message = CloudHsmMessages.nameTaken(body.name);
    throw conflict('name_taken', message, { name: [message] });
  }
  const provisionerId = await withPlatformView(tx, async () => {
    const chosen = (await placement.lockPlaceableProvisioners(tx, blueprint.groupId)).find((p) => p.held < p.capacity);
    if (!chosen) throw conflict('no_provisioner', CloudHsmMessages.noProvisioner(zone.name));
    const seats = await placement.lockValidSeats(tx, blueprint.model);
    if ((await placement.seatsHeld(tx, blueprint.model)) >= seats) throw conflict('no_license_seat', CloudHsmMessages.noSeat(blueprint.model));
    return chosen.id;
  });
  const hsm = await repo.insertHsm(tx, {
    accountId,
    serviceId: service.id,
    name: body.name,
    blueprintId: blueprint.id,
    zoneId: zone.id,
    status: 'PendingProvisioning',
    step: 'placed',
    provisionerId,
    tokenLabel: body.name,
    requestedBy: ctx.principal.userId,
  });
  await repo.insertRun(tx, { cloudHsmId: hsm.id, accountId, kind: 'provision' });
  await queueProvisionerJob(ctx.jobs, tx, provisionerId, { kind: 'provision', hsmId: hsm.id });
  ctx.afterCommit.push(async () => ctx.jobs.wake(provisionerQueue(provisionerId)));
  return getHsm(ctx, hsm.id);
}

/**
 * Deprovisions an HSM the caller typed the name of. One that may have a partition (its PINs exist, so a token step
 * may have run) goes Deprovisioning and its provisioner zeroizes it in a job; one that never got that far is
 * deprovisioned here. A cluster member is refused: it leaves its cluster first.
 */
export async function deprovisionHsm(ctx: CloudHsmContext, hsmId: string, confirmName: string): Promise<CloudHsmDetail> {
  const { tx } = ctx;
  const hsm = await lockOwnHsm(ctx, hsmId);
  if (confirmName.trim() !== hsm.name) throw badRequest({ confirm_name: [CloudHsmMessages.confirmName] }, CloudHsmMessages.confirmName);
  if (hsm.status === 'Deprovisioned') throw conflict('deprovisioned', CloudHsmMessages.alreadyDeprovisioned);
  if (hsm.status === 'Deprovisioning') throw conflict('deprovisioning', CloudHsmMessages.alreadyDeprovisioning);
  const membership = await clustersRepo.membershipOf(tx, hsm.id);
  if (membership) throw conflict('cluster_member', CloudHsmMessages.inCluster(membership.clusterName));
  await repo.insertRun(tx, { cloudHsmId: hsm.id, accountId: hsm.accountId, kind: 'deprovision' });
  const mayHavePartition = hsm.partitionRef !== null || (hsm.soPinSealed !== null && hsm.userPinSealed !== null);
  if (mayHavePartition && hsm.provisionerId) {
    if (hsm.status === 'PendingProvisioning') await repo.finishRun(tx, hsm.id, 'provision', 'failed', 'Deprovisioned before it was provisioned');
    await repo.updateHsm(tx, hsm.id, { status: 'Deprovisioning' });
    await queueProvisionerJob(ctx.jobs, tx, hsm.provisionerId, { kind: 'deprovision', hsmId: hsm.id });
    const provisionerId = hsm.provisionerId;
    ctx.afterCommit.push(async () => ctx.jobs.wake(provisionerQueue(provisionerId)));
  } else {
    await markDeprovisioned(tx, hsm);
  }
  return getHsm(ctx, hsm.id);
}

/** Health samples since `since` (default the last 6 hours), oldest first, at most 2,000 points. */
export async function healthSeries(ctx: CloudHsmContext, hsmId: string, since: string | undefined): Promise<CloudHsmHealthSample[]> {
  const { hsm } = await findOwnHsm(ctx, hsmId);
  const from = since ? new Date(since) : new Date(Date.now() - HEALTH_SERIES_DEFAULT_HOURS * 3600_000);
  return (await repo.healthSeries(ctx.tx, hsm.id, from, HEALTH_SERIES_MAX_POINTS)).map(toSample);
}

/** The account's audit events whose target is the HSM (events name an HSM by its id). */
export async function auditTrail(ctx: CloudHsmContext, hsmId: string, query: { page: number; page_size: number; order: 'asc' | 'desc' }) {
  const { hsm } = await findOwnHsm(ctx, hsmId);
  return audit.listEvents(ctx.tx, hsm.accountId, auditListQuery.parse({ ...query, order_by: 'occurred_at', search: hsm.id }));
}

/** What an HSM's audit events name, read before a change (the caller may see it, or nothing is read). */
export async function auditFacts(ctx: Pick<CloudHsmContext, 'tx' | 'principal'>, hsmId: string): Promise<{ name?: string; account?: string }> {
  const row = await repo.findHsm(ctx.tx, visibleAccount(ctx.principal), hsmId);
  return row ? { name: row.hsm.name, account: row.hsm.accountId } : {};
}
