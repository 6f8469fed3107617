import {
  PartnerMessages,
  type AccountPartner,
  type Partner,
  type PartnerBody,
  type PartnerDetail,
} from '@keydeck/contract/partners';
import type { PartnersQuery } from '@keydeck/contract/partners-queries';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './partners.repository.ts';

/**
 * Splenda, the partner channel: platform administrators keep partners and assign accounts to them. A suspended
 * partner keeps the accounts it has and receives no new one; the partners list shows what each partner's accounts
 * paid over the last 30 days and the commission due on it.
 */
export async function listPartners(tx: Tx, query: PartnersQuery) {
  const { rows, total } = await repo.listPartners(tx, query);
  const revenue = await repo.revenue(tx, rows.map((row) => row.id));
  return { data: rows.map((row) => toWire(row, revenue)), total };
}

export async function getPartner(tx: Tx, id: string): Promise<PartnerDetail> {
  const row = await repo.findPartner(tx, id);
  if (!row) throw notFound();
  const revenue = await repo.revenue(tx, [id]);
  const members = await repo.accountsOf(tx, id);
  return {
    ...toWire(row, revenue),
    accounts: members.map((m) => ({ id: m.id, name: m.name, assigned_at: m.assignedAt.toISOString(), assigned_by: m.assignedBy })),
  };
}

/** The partner's name, for the audit event; undefined for an unknown id. */
export async function partnerName(tx: Tx, id: string): Promise<string | undefined> {
  return (await repo.findPartner(tx, id))?.name;
}

/** The account's name, for the audit event of an assignment; undefined for an unknown account. */
export async function accountName(tx: Tx, accountId: string): Promise<string | undefined> {
  return (await accounts.accountExists(tx, accountId)) ? (await accounts.findAccount(tx, accountId)).name : undefined;
}

export async function createPartner(tx: Tx, body: PartnerBody, createdBy: string): Promise<Partner> {
  await assertNameFree(tx, body.name);
  const row = await repo.insertPartner(tx, { ...fields(body), createdBy });
  return toWire({ ...row, accountCount: 0 }, []);
}

export async function updatePartner(tx: Tx, id: string, body: PartnerBody): Promise<Partner> {
  await lockPartner(tx, id);
  await assertNameFree(tx, body.name, id);
  await repo.updatePartner(tx, id, fields(body));
  return reload(tx, id);
}

/** Suspends an active partner (409 when it already is): its accounts stay, new ones are refused. */
export async function suspendPartner(tx: Tx, id: string): Promise<Partner> {
  const row = await lockPartner(tx, id);
  if (row.status === 'suspended') throw conflict('partner_suspended', PartnerMessages.alreadySuspended(row.name));
  await repo.updatePartner(tx, id, { status: 'suspended' });
  return reload(tx, id);
}

export async function reactivatePartner(tx: Tx, id: string): Promise<Partner> {
  const row = await lockPartner(tx, id);
  if (row.status === 'active') throw conflict('partner_active', PartnerMessages.alreadyActive(row.name));
  await repo.updatePartner(tx, id, { status: 'active' });
  return reload(tx, id);
}

/** The account's partner and assignment; null when it has none (404 for an unknown account). */
export async function accountPartner(tx: Tx, accountId: string): Promise<AccountPartner | null> {
  await accounts.findAccount(tx, accountId);
  const row = await repo.findAssignment(tx, accountId);
  if (!row) return null;
  const { partner: p, assignment: a } = row;
  return {
    partner: { id: p.id, name: p.name, status: p.status, commission_percent: Number(p.commissionPercent), contact_email: p.contactEmail },
    assigned_at: a.assignedAt.toISOString(),
    assigned_by: a.assignedBy,
  };
}

/**
 * Assigns the account to an active partner, replacing its current one. The partner row is locked first, so a
 * suspension running at the same time either comes before (and this is refused) or after.
 */
export async function assignAccount(tx: Tx, accountId: string, partnerId: string, assignedBy: string): Promise<AccountPartner> {
  await accounts.findAccount(tx, accountId);
  const partner = await repo.findPartner(tx, partnerId, true);
  if (!partner) throw notFound();
  if (partner.status === 'suspended') {
    const message = PartnerMessages.suspended(partner.name);
    throw conflict('partner_suspended', message, { partner_id: [message] });
  }
  await repo.assign(tx, { accountId, partnerId, assignedBy });
  return (await accountPartner(tx, accountId))!;
}

export async function unassignAccount(tx: Tx, accountId: string): Promise<void> {
  await accounts.findAccount(tx, accountId);
  if (!(await repo.unassign(tx, accountId))) throw notFound(PartnerMessages.noPartner);
}

function fields(body: PartnerBody) {
  return { name: body.name, contactEmail: body.contact_email, commissionPercent: body.commission_percent.toFixed(2) };
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  if (await repo.nameTaken(tx, name, exceptId)) {
    const message = PartnerMessages.nameTaken(name);
    throw conflict('name_taken', message, { name: [message] });
  }
}

async function lockPartner(tx: Tx, id: string): Promise<repo.PartnerListRow> {
  const row = await repo.findPartner(tx, id, true);
  if (!row) throw notFound();
  return row;
}

async function reload(tx: Tx, id: string): Promise<Partner> {
  const row = (await repo.findPartner(tx, id))!;
  return toWire(row, await repo.revenue(tx, [id]));
}

function toWire(row: repo.PartnerListRow, revenue: repo.RevenueRow[]): Partner {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    commission_percent: Number(row.commissionPercent),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    account_count: row.accountCount,
    revenue: revenue.filter((r) => r.partnerId === row.id).map(({ currency, amount, commission }) => ({ currency, amount, commission })),
  };
}
