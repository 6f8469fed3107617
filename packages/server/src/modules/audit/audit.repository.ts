import type { AuditFilters, AuditListQuery } from '@keydeck/contract/audit';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

/** accountId null = every account (platform administrators only; the service decides). */
function whereOf(accountId: string | null, filters: AuditFilters): SQL | undefined {
  return and(
    accountId ? eq(auditEvents.accountId, accountId) : undefined,
    filters.from ? gte(auditEvents.occurredAt, new Date(filters.from)) : undefined,
    filters.to ? lte(auditEvents.occurredAt, new Date(filters.to)) : undefined,
    matchesSearch(filters.user, [auditEvents.actorUsername]),
    matchesSearch(filters.action, [auditEvents.action]),
    filters.outcome ? eq(auditEvents.outcome, filters.outcome) : undefined,
    matchesSearch(filters.search, [
      auditEvents.action,
      auditEvents.actorUsername,
      auditEvents.target,
      auditEvents.targetName,
      auditEvents.reason,
      auditEvents.clientAddress,
      auditEvents.requestId,
    ]),
  );
}

export async function listEvents(tx: Tx, accountId: string | null, query: AuditListQuery) {
  const where = whereOf(accountId, query);
  const window = pageWindow(
    query,
    { occurred_at: auditEvents.occurredAt, action: auditEvents.action, actor_username: auditEvents.actorUsername },
    auditEvents.id,
  );
  const [rows, [count]] = await Promise.all([
    tx.select().from(auditEvents).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset),
    tx.select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * The names events recorded for these single ids, per account (the newest of each), for events that recorded the
 * same id without one.
 */
export async function recordedNames(tx: Tx, ids: string[]): Promise<Map<string, Map<string, string>>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([auditEvents.accountId, auditEvents.target], { accountId: auditEvents.accountId, target: auditEvents.target, name: auditEvents.targetName })
    .from(auditEvents)
    .where(and(inArray(auditEvents.target, [...new Set(ids)]), isNotNull(auditEvents.targetName)))
    .orderBy(auditEvents.accountId, auditEvents.target, desc(auditEvents.id));
  const byAccount = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const account = row.accountId ?? '';
    byAccount.set(account, (byAccount.get(account) ?? new Map()).set(row.target!, row.name!));
  }
  return byAccount;
}

/** One batch of an export, in id order after `afterId` (keyset paging keeps every batch cheap). */
export function exportBatch(tx: Tx, accountId: string | null, filters: AuditFilters, afterId: number, size: number) {
  return tx
    .select()
    .from(auditEvents)
    .where(and(whereOf(accountId, filters), gt(auditEvents.id, afterId)))
    .orderBy(asc(auditEvents.id))
    .limit(size);
}

/** One batch of an account's chain in sequence order (accountId null: the anonymous chain). */
export function chainBatch(tx: Tx, accountId: string | null, afterSeq: number, size: number) {
  return tx
    .select()
    .from(auditEvents)
    .where(and(accountId ? eq(auditEvents.accountId, accountId) : isNull(auditEvents.accountId), gt(auditEvents.seq, afterSeq)))
    .orderBy(asc(auditEvents.seq))
    .limit(size);
}

export async function chainHead(tx: Tx, chain: string) {
  const [row] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
  return row;
}

/** Every account's chain by account name, then the anonymous one. */
export async function everyChain(tx: Tx): Promise<{ accountId: string | null; accountName: string | null }[]> {
  const rows = await tx.select({ accountId: accounts.id, accountName: accounts.name }).from(accounts).orderBy(asc(accounts.name));
  return [...rows, { accountId: null, accountName: null }];
}

export async function accountName(tx: Tx, accountId: string): Promise<string | null> {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return row?.name ?? null;
}

/** The heads of the given chains, or of every chain. */
export function chainHeads(tx: Tx, chains?: string[]) {
  return tx
    .select()
    .from(auditChainHeads)
    .where(chains ? inArray(auditChainHeads.chain, chains) : undefined)
    .orderBy(asc(auditChainHeads.chain));
}

/** The enabled syslog destinations of the given accounts, which receive their chains' checkpoints. */