import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import type { Db, Tx } from '../../db/database.ts';
import { writeSystemAuditEvent } from '../../platform/audit.ts';
import type { JobQueue, QueuePolicy } from '../../platform/job-queue.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import * as addressing from './addressing.repository.ts';
import * as repo from './cloud-hsms.repository.ts';
import type { HsmDriver, PartitionSpec } from './hsm-driver.ts';
import { markDeprovisioned, markFailed } from './hsm-release.ts';
import { generatePin, pinContext } from './pins.ts';
import * as placement from './placement.repository.ts';
import { problemCode, tokenProblem } from './token-problems.ts';

/**
 * Each provisioner has a queue of its own: its partitions live on its machine, so the work on them runs in the
 * process that hosts it. A failed run is retried with back-off (5, 10, 20, 40, 80 s); the last one gives up.
 */
export const provisionerQueue = (provisionerId: string) => `cloud-hsm.${provisionerId}`;
export const PROVISIONER_POLICY: QueuePolicy = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300 };

export type ProvisionerJob = { kind: 'provision' | 'deprovision'; hsmId: string };

/** What the jobs need: the database, sealing, the audit key, and the drivers of the provisioners this process hosts. */
export type CloudHsmJobDeps = { db: Db; secretBox: SecretBox; auditKey: Uint8Array; drivers: ReadonlyMap<string, HsmDriver> };

export type StepDone = 'addressed' | 'ported' | 'token' | 'enabled' | 'done';

/** Queues work on the HSM's provisioner in the transaction that asked for it. */
export function queueProvisionerJob(jobs: JobQueue, tx: Tx, provisionerId: string, job: ProvisionerJob): Promise<void> {
  return jobs.send(tx, provisionerQueue(provisionerId), job);
}

/** The purposes of an HSM's ports, in port order. */
export const portPurpose = (index: number) => (index === 0 ? 'pkcs11' : index === 1 ? 'admin' : `port-${index + 1}`);

/** The driver of the HSM's provisioner, which this process must host. */
function driverOf(deps: Pick<CloudHsmJobDeps, 'drivers'>, hsm: repo.HsmRow): HsmDriver {
  const driver = hsm.provisionerId ? deps.drivers.get(hsm.provisionerId) : undefined;
  if (!driver) throw new Error(`provisioner ${hsm.provisionerId} is not hosted by this process`);
  return driver;
}

/** The partition's specification, from the HSM's sealed PINs. */
export function partitionSpec(secretBox: SecretBox, hsm: repo.HsmRow): PartitionSpec {
  return {
    hsmId: hsm.id,
    label: hsm.tokenLabel,
    soPin: secretBox.open(hsm.soPinSealed!, pinContext(hsm.id, 'so')),
    userPin: secretBox.open(hsm.userPinSealed!, pinContext(hsm.id, 'user')),
  };
}

/**
 * Does the HSM's next provisioning step, exactly one, in a transaction of its own holding the HSM's row lock; the
 * step is re-read under the lock, so a repeated or concurrent run does nothing twice. Answers the step done, or
 * 'done' when there is none (Enabled, or no longer provisioning). A thrown error leaves the step where it was.
 */
export async function provisionStep(deps: CloudHsmJobDeps, hsmId: string, jobId = 'provisioning'): Promise<StepDone> {
  return inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
    const hsm = await repo.lockHsm(tx, hsmId);
    if (!hsm || hsm.status !== 'PendingProvisioning') return 'done';
    switch (hsm.step) {
      case 'placed':
        return assignAddress(tx, deps, hsm, jobId);
      case 'addressed':
        return assignPorts(tx, deps, hsm, jobId);
      case 'ported':
        return createToken(tx, deps, hsm);
      case 'token':
        return enable(tx, deps, hsm, jobId);
      default:
        return 'done';
    }
  });
}

/** The lowest free host address of the zone's pools; none: the HSM fails, holding nothing. */
async function assignAddress(tx: Tx, deps: CloudHsmJobDeps, hsm: repo.HsmRow, jobId: string): Promise<StepDone> {
  await addressing.lockZonePools(tx, hsm.zoneId);
  const free = await addressing.lowestFreeAddress(tx, hsm.zoneId);
  if (!free) {
    const zone = await placement.findZone(tx, hsm.zoneId);
    await fail(tx, deps, hsm, CloudHsmMessages.noAddress(zone?.name ?? hsm.zoneId), jobId);
    return 'done';
  }
  await addressing.insertAllocation(tx, { address: free.address, poolId: free.poolId, accountId: hsm.accountId, cloudHsmId: hsm.id });
  await repo.updateHsm(tx, hsm.id, { address: free.address, step: 'addressed' });
  return 'addressed';
}

/**
 * The blueprint's count of ports, lowest free first from the account's ranges; too few: the HSM fails. The PINs are
 * made and sealed here too, so they are kept before any partition exists: a token step killed after its driver
 * call runs again with the same PINs and gets the same partition.
 */
async function assignPorts(tx: Tx, deps: CloudHsmJobDeps, hsm: repo.HsmRow, jobId: string): Promise<StepDone> {
  const blueprint = await placement.findBlueprint(tx, hsm.blueprintId);
  const needed = blueprint?.ports ?? 1;
  await addressing.lockAccountPortRanges(tx, hsm.accountId);
  const ports = await addressing.lowestFreePorts(tx, hsm.accountId, needed);
  if (ports.length < needed) {
    await fail(tx, deps, hsm, CloudHsmMessages.noPorts(needed), jobId);
    return 'done';
  }
  await addressing.insertPorts(tx, ports.map((port, i) => ({ port, accountId: hsm.accountId, cloudHsmId: hsm.id, purpose: portPurpose(i) })));
  await repo.updateHsm(tx, hsm.id, { step: 'ported', ...sealedPins(deps.secretBox, hsm.id, blueprint?.policies) });
  return 'ported';
}

function sealedPins(secretBox: SecretBox, hsmId: string, policies: Record<string, unknown> = {}) {
  return {
    soPinSealed: secretBox.seal(generatePin(policies), pinContext(hsmId, 'so')),
    userPinSealed: secretBox.seal(generatePin(policies), pinContext(hsmId, 'user')),
  };
}

/** Creates and initialises the partition with the sealed PINs (idempotent in the driver) and records it. */
async function createToken(tx: Tx, deps: CloudHsmJobDeps, hsm: repo.HsmRow): Promise<StepDone> {
  const driver = driverOf(deps, hsm);
  let row = hsm;
  if (!hsm.soPinSealed || !hsm.userPinSealed) {
    row = { ...hsm, ...sealedPins(deps.secretBox, hsm.id, (await placement.findBlueprint(tx, hsm.blueprintId))?.policies) };
    await repo.updateHsm(tx, hsm.id, { soPinSealed: row.soPinSealed, userPinSealed: row.userPinSealed });
  }
  const partition = await driver.createPartition(partitionSpec(deps.secretBox, row));
  await repo.updateHsm(tx, hsm.id, { partitionRef: partition.ref, tokenSerial: partition.serial, step: 'token' });
  return 'token';
}

async function enable(tx: Tx, deps: CloudHsmJobDeps, hsm: repo.HsmRow, jobId: string): Promise<StepDone> {
  await repo.updateHsm(tx, hsm.id, { status: 'Enabled', step: 'enabled', provisionedAt: new Date(), failure: null });
  await repo.finishRun(tx, hsm.id, 'provision', 'succeeded');
  await writeSystemAuditEvent(tx, deps.auditKey, { accountId: hsm.accountId, action: 'cloud_hsm.provisioned', target: hsm.id, jobId });
  return 'enabled';
}

async function fail(tx: Tx, deps: CloudHsmJobDeps, hsm: repo.HsmRow, reason: string, jobId: string): Promise<void> {
  await markFailed(tx, hsm, reason);
  const action = hsm.status === 'Deprovisioning' ? 'cloud_hsm.deprovisioned' : 'cloud_hsm.provisioning_failed';
  await writeSystemAuditEvent(tx, deps.auditKey, { accountId: hsm.accountId, action, target: hsm.id, jobId, outcome: 'failure', reason });
}

/** Provisioning steps taken at most in one run: the five steps, with room to spare. */
const MAX_STEPS = 10;

/**
 * One run of an HSM's provisioning job: its steps, one after another, until it is Enabled or given up. A run that
 * fails is retried by the queue; the last attempt (retryLimit + 1) marks the HSM Failed with the reason instead.
 */
export async function runProvisioning(deps: CloudHsmJobDeps, hsmId: string, jobId: string, retryLimit = PROVISIONER_POLICY.retryLimit): Promise<void> {
  const attempt = await inScope(deps.db, SYSTEM_SCOPE, (tx) => repo.attemptRun(tx, hsmId, 'provision'));
  try {
    for (let i = 0; i < MAX_STEPS; i++) if ((await provisionStep(deps, hsmId, jobId)) === 'done') return;
  } catch (error) {
    if (attempt === null || attempt <= retryLimit) throw error;
    await giveUp(deps, hsmId, 'PendingProvisioning', CloudHsmMessages.provisioningGaveUp(`${tokenProblem(error)} (${problemCode(error)})`), jobId);
  }
}

/**
 * One run of an HSM's deprovisioning job: zeroizes its partition and frees what it held, in one transaction holding
 * its row lock (the driver's destroy is idempotent, so a run killed before its commit is repeated harmlessly). A
 * partition whose ref was never recorded (a token step killed after its driver call) is found through the driver,
 * which returns an existing partition for the same HSM and PINs.
 */
export async function runDeprovisioning(deps: CloudHsmJobDeps, hsmId: string, jobId: string, retryLimit = PROVISIONER_POLICY.retryLimit): Promise<void> {
  const attempt = await inScope(deps.db, SYSTEM_SCOPE, (tx) => repo.attemptRun(tx, hsmId, 'deprovision'));
  try {
    await inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
      const hsm = await repo.lockHsm(tx, hsmId);
      if (!hsm || hsm.status !== 'Deprovisioning') return;
      const driver = driverOf(deps, hsm);
      const ref = hsm.partitionRef ?? (hsm.soPinSealed && hsm.userPinSealed ? (await driver.createPartition(partitionSpec(deps.secretBox, hsm))).ref : null);
      if (ref) await driver.destroyPartition(ref);
      await markDeprovisioned(tx, hsm);
      await writeSystemAuditEvent(tx, deps.auditKey, { accountId: hsm.accountId, action: 'cloud_hsm.deprovisioned', target: hsm.id, jobId });
    });
  } catch (error) {
    if (attempt === null || attempt <= retryLimit) throw error;
    await giveUp(deps, hsmId, 'Deprovisioning', `Deprovisioning failed: ${tokenProblem(error)} (${problemCode(error)})`, jobId);
  }
}

async function giveUp(deps: CloudHsmJobDeps, hsmId: string, from: repo.HsmRow['status'], reason: string, jobId: string): Promise<void> {
  await inScope(deps.db, SYSTEM_SCOPE, async (tx) => {
    const hsm = await repo.lockHsm(tx, hsmId);
    if (hsm?.status === from) await fail(tx, deps, hsm, reason, jobId);
  });
}

/** The provisioner queue's handler. */
export function handleProvisionerJob(deps: CloudHsmJobDeps) {
  return (job: ProvisionerJob, jobId: string) => (job.kind === 'provision' ? runProvisioning(deps, job.hsmId, jobId) : runDeprovisioning(deps, job.hsmId, jobId));
}
