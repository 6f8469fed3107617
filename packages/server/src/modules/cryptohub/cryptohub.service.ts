import { CryptoHubMessages, type HubTenancy, type HubTenancyBody } from '@keydeck/contract/cryptohub';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './cryptohub.repository.ts';

/**
 * CryptoHub: the hub product's tenancy of an account. Platform administrators set it; the services and cloud HSM
 * modules ask here before creating one. An account never configured is unrestricted; a null quota is unlimited.
 */
export async function getTenancy(tx: Tx, accountId: string): Promise<HubTenancy> {
  await accounts.findAccount(tx, accountId);
  return load(tx, accountId);
}

/** The account's name, for the audit event; undefined for an unknown account. */
export async function accountName(tx: Tx, accountId: string): Promise<string | undefined> {
  return (await accounts.accountExists(tx, accountId)) ? (await accounts.findAccount(tx, accountId)).name : undefined;
}

export async function updateTenancy(tx: Tx, accountId: string, body: HubTenancyBody, updatedBy: string): Promise<HubTenancy> {
  await accounts.findAccount(tx, accountId);
  const regions = await repo.regions(tx);
  if (!regions.some((r) => r.id === body.home_region)) throw badRequest({ home_region: [CryptoHubMessages.regionUnknown] });
  await repo.saveTenancy(tx, {
    accountId,
    enabled: body.enabled,
    homeRegion: body.home_region,
    supportTier: body.support_tier,
    maxServices: body.max_services,
    maxCloudHsms: body.max_cloud_hsms,
    updatedAt: new Date(),
    updatedBy,
  });
  return load(tx, accountId);
}

/**
 * Refuses (409) adding `adding` services to the account beyond its max_services, and, for a customer's request
 * (`requested`), any new service while its tenancy is disabled. Locks the tenancy for the rest of the transaction.
 */
export async function assertServicesAllowed(tx: Tx, accountId: string, adding: number, requested: boolean): Promise<void> {
  const tenancy = await repo.findTenancy(tx, accountId, true);
  if (!tenancy) return;
  if (requested && !tenancy.enabled) throw conflict('cryptohub_disabled', CryptoHubMessages.disabled);
  const max = tenancy.maxServices;
  if (max !== null && (await repo.serviceCount(tx, accountId)) + adding > max) {
    throw conflict('quota_max_services', CryptoHubMessages.servicesQuotaReached(max));
  }
}

/** Refuses (409) one more cloud HSM beyond the account's max_cloud_hsms. Locks the tenancy for the transaction. */
export async function assertCloudHsmAllowed(tx: Tx, accountId: string): Promise<void> {
  const max = (await repo.findTenancy(tx, accountId, true))?.maxCloudHsms ?? null;
  if (max !== null && (await repo.cloudHsmCount(tx, accountId)) >= max) {
    throw conflict('quota_max_cloud_hsms', CryptoHubMessages.cloudHsmsQuotaReached(max));
  }
}

async function load(tx: Tx, accountId: string): Promise<HubTenancy> {
  // One after another: a transaction's connection runs one query at a time.
  const row = await repo.findTenancy(tx, accountId);
  const services = await repo.serviceCount(tx, accountId);
  const cloudHsms = await repo.cloudHsmCount(tx, accountId);
  const regions = await repo.regions(tx);
  return {
    account_id: accountId,
    configured: row !== undefined,
    enabled: row?.enabled ?? true,
    home_region: row?.homeRegion ?? null,
    support_tier: row?.supportTier ?? 'standard',
    max_services: row?.maxServices ?? null,
    max_cloud_hsms: row?.maxCloudHsms ?? null,
    usage: { services, cloud_hsms: cloudHsms },
    regions,
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedBy ?? null,
  };
}
