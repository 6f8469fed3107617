import { createHash } from 'node:crypto';
import { MARKETPLACE_PROVIDER_LABELS, MarketplaceMessages, TOKEN_FINGERPRINT_LENGTH, type EntitlementApproveBody, type EntitlementRejectBody, type MarketplaceEntitlement } from '@keydeck/contract/marketplaces';
import { type MarketplaceEntitlementsQuery } from '@keydeck/contract/marketplaces-queries';
import type { MarketplaceProvider } from '@keydeck/contract/registration';
import type { Tx } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './marketplaces.repository.ts';

/**
 * The platform administrator's decision on a marketplace entitlement. Approve and reject happen once, from pending;
 * only an approved entitlement pays for services. The marketplace's token never leaves the database: the wire
 * carries the first hex digits of its SHA-256, enough to match it against the marketplace's records.
 */
export async function listEntitlements(tx: Tx, query: MarketplaceEntitlementsQuery) {
  const { rows, total } = await repo.listEntitlements(tx, query);
  const linked = await repo.linkedServices(tx, rows.map((row) => row.entitlement.accountId));
  return { data: rows.map((row) => toWire(row, linked)), total };
}

export async function getEntitlement(tx: Tx, accountId: string): Promise<MarketplaceEntitlement> {
  const row = await repo.findEntitlement(tx, accountId);
  if (!row) throw notFound(MarketplaceMessages.noEntitlement);
  return load(tx, row);
}

/** The name of an account with an entitlement, for the audit event; undefined when the account has none. */
export async function entitlementAccountName(tx: Tx, accountId: string): Promise<string | undefined> {
  return (await repo.findEntitlement(tx, accountId))?.accountName;
}

export async function approve(tx: Tx, accountId: string, body: EntitlementApproveBody, decidedBy: string): Promise<MarketplaceEntitlement> {
  await pendingEntitlement(tx, accountId);
  const serviceIds = await ownServices(tx, accountId, body.service_ids);
  await repo.updateEntitlement(tx, accountId, { state: 'approved', plan: body.plan, reason: null, decidedBy, decidedAt: new Date() });
  await repo.replaceLinkedServices(tx, accountId, serviceIds);
  return reload(tx, accountId);
}

export async function reject(tx: Tx, accountId: string, body: EntitlementRejectBody, decidedBy: string): Promise<MarketplaceEntitlement> {
  await pendingEntitlement(tx, accountId);
  await repo.updateEntitlement(tx, accountId, { state: 'rejected', plan: null, reason: body.reason, decidedBy, decidedAt: new Date() });
  await repo.replaceLinkedServices(tx, accountId, []);
  return reload(tx, accountId);
}

export async function setServices(tx: Tx, accountId: string, requested: string[]): Promise<MarketplaceEntitlement> {
  const row = await repo.findEntitlement(tx, accountId, true);
  if (!row) throw notFound(MarketplaceMessages.noEntitlement);
  if (row.entitlement.state !== 'approved') throw conflict('entitlement_not_approved', MarketplaceMessages.notApproved);
  await repo.replaceLinkedServices(tx, accountId, await ownServices(tx, accountId, requested));
  return reload(tx, accountId);
}

export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, TOKEN_FINGERPRINT_LENGTH);
}

async function pendingEntitlement(tx: Tx, accountId: string): Promise<void> {
  const row = await repo.findEntitlement(tx, accountId, true);
  if (!row) throw notFound(MarketplaceMessages.noEntitlement);
  const { state } = row.entitlement;
  if (state !== 'pending') throw conflict(`entitlement_${state}`, MarketplaceMessages.notPending(state));
}

/** The requested ids without repeats, each a service of the account (400 on service_ids otherwise). */
async function ownServices(tx: Tx, accountId: string, requested: string[]): Promise<string[]> {
  const ids = [...new Set(requested)];
  const own = new Set(await repo.servicesOfAccount(tx, accountId, ids));
  if (ids.some((id) => !own.has(id))) throw badRequest({ service_ids: [MarketplaceMessages.notAccountService] });
  return ids;
}

async function reload(tx: Tx, accountId: string): Promise<MarketplaceEntitlement> {
  return load(tx, (await repo.findEntitlement(tx, accountId))!);
}

async function load(tx: Tx, row: repo.EntitlementRow): Promise<MarketplaceEntitlement> {
  return toWire(row, await repo.linkedServices(tx, [row.entitlement.accountId]));
}

function toWire({ entitlement: e, accountName }: repo.EntitlementRow, linked: repo.LinkedService[]): MarketplaceEntitlement {
  const provider = e.provider as MarketplaceProvider;
  return {
    account: { id: e.accountId, name: accountName },
    provider,
    provider_label: MARKETPLACE_PROVIDER_LABELS[provider],
    token_fingerprint: tokenFingerprint(e.token),
    recorded_at: e.recordedAt.toISOString(),
    state: e.state,
    plan: e.plan,
    reason: e.reason,
    decided_by: e.decidedBy,
    decided_at: e.decidedAt?.toISOString() ?? null,
    services: linked.filter((s) => s.accountId === e.accountId).map(({ id, name, type, status }) => ({ id, name, type, status })),
  };
}
