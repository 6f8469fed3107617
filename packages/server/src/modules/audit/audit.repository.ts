import { AUDIT_COUNT_CAP, type AuditFilters, type AuditListQuery } from '@keydeck/contract/audit';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit.ts';
import { keysetWindow, offsetWindow } from '../../platform/keyset.ts';
import { matchesSearch } from '../../platform/paging.ts';

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

/**
 * A page of events and their count up to AUDIT_COUNT_CAP: by keyset (platform/keyset.ts, the id breaks ties) in
 * time and action order, at offsets by actor, which an anonymous refusal lacks.
 */
export async function listEvents(tx: Tx, accountId: string | null, query: AuditListQuery) {
  const where = whereOf(accountId, query);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(sql`(${tx.select({ one: sql`1` }).from(auditEvents).where(where).limit(AUDIT_COUNT_CAP + 1)}) m`);
  const counted = count?.n ?? 0;
  const total = { rows: counted, exact: counted <= AUDIT_COUNT_CAP };
  const capped = { total: Math.min(counted, AUDIT_COUNT_CAP), capped: counted > AUDIT_COUNT_CAP };
  if (query.order_by === 'actor_username') {
    const window = offsetWindow(query, total);
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await tx.select().from(auditEvents).where(where).orderBy(sql`${direction(auditEvents.actorUsername)} nulls last`, direction(auditEvents.id)).limit(window.limit).offset(window.offset);
    return { ...window.page(rows), ...capped };
  }
  const sortColumn = query.order_by === 'action' ? sql`${auditEvents.action}` : sql`${auditEvents.occurredAt}`;
  const window = keysetWindow(query, sortColumn, sql`${auditEvents.id}`, total);
  const rows = await tx
    .select({ ...getTableColumns(auditEvents), sortKey: sql<string>`${sortColumn}::text` })
    .from(auditEvents)
    .where(and(where, window.condition))
    .orderBy(window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  const page = window.page(rows, (row) => ({ value: row.sortKey, id: String(row.id) }));
  return { ...page, rows: page.rows.map(({ sortKey: _, ...row }) => row), ...capped };
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