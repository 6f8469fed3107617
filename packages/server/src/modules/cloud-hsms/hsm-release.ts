import type { Tx } from '../../db/database.ts';
import * as addressing from './addressing.repository.ts';
import * as repo from './cloud-hsms.repository.ts';

/** Frees the HSM's address and ports; its license seat and provisioner place follow from its status. */
export async function releaseAddressAndPorts(tx: Tx, hsmId: string): Promise<void> {
  await addressing.releaseAllocation(tx, hsmId);
  await addressing.releasePorts(tx, hsmId);
}

/**
 * The end of an HSM whose partition is gone (zeroized, or never made): address and ports freed, status
 * Deprovisioned (so its seat is free), its sealed PINs dropped, its open runs closed. The row stays for history.
 */
export async function markDeprovisioned(tx: Tx, hsm: repo.HsmRow): Promise<void> {
  await releaseAddressAndPorts(tx, hsm.id);
  await repo.updateHsm(tx, hsm.id, {
    status: 'Deprovisioned',
    address: null,
    soPinSealed: null,
    userPinSealed: null,
    deprovisionedAt: new Date(),
  });
  if (hsm.status === 'PendingProvisioning') await repo.finishRun(tx, hsm.id, 'provision', 'failed', 'Deprovisioned before it was provisioned');
  await repo.finishRun(tx, hsm.id, 'deprovision', 'succeeded');
}

/**
 * Provisioning (or deprovisioning) gave up: Failed with the reason, address and ports freed, the run closed as
 * failed. Its license seat and provisioner place stay held until its owner deprovisions it.
 */
export async function markFailed(tx: Tx, hsm: repo.HsmRow, reason: string): Promise<void> {
  await releaseAddressAndPorts(tx, hsm.id);
  await repo.updateHsm(tx, hsm.id, { status: 'Failed', failure: reason, address: null });
  await repo.finishRun(tx, hsm.id, hsm.status === 'Deprovisioning' ? 'deprovision' : 'provision', 'failed', reason);
}
