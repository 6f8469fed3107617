import { AUDIT_COUNT_CAP, type AuditFilters, type AuditListQuery } from '@keydeck/contract/audit';
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-sql.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { auditChainHeads, auditEvents } from '../../db/schema/audit.ts';
import { keysetWindow, offsetWindow } from '../../platform/keyset.ts';
import { countOrEstimate } from '../../platform/list-count.ts';
import { containsPattern, matchesSearch } from '../../platform/paging.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

/**
 * The rows the filters select. accountId null = every account (platform administrators only; the service decides).
 * In one account the user and action filters become a list of the account's actors or actions containing the text
 * (valuesContaining): a year of a busy account is a million events but a few dozen actors and actions, and a list
 * of values is served by an index in time order (0052), where a text match over a million rows is not.
 */
export async function matching(tx: Tx, accountId: string | null, filters: AuditFilters): Promise<SQL | undefined> {
  const among = async (column: typeof auditEvents.actorUsername | typeof auditEvents.action, text: string | undefined) => {
    if (!text) return undefined;
    return accountId ? inArray(column, await valuesContaining(tx, accountId, column, text)) : matchesSearch(text, [column]);
  };
  return and(
    accountId ? eq(auditEvents.accountId, accountId) : undefined,
    filters.from ? gte(auditEvents.occurredAt, new Date(filters.from)) : undefined,
    filters.to ? lte(auditEvents.occurredAt, new Date(filters.to)) : undefined,
    await among(auditEvents.actorUsername, filters.user),
    await among(auditEvents.action, filters.action),
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
 * The account's distinct values of the column that contain the text, case-insensitively: a skip scan of the
 * (account, column, …) index, one probe per distinct value.
 */
async function valuesContaining(tx: Tx, accountId: string, column: typeof auditEvents.actorUsername | typeof auditEvents.action, text: string): Promise<string[]> {
  const after = (previous: SQL) =>
    sql`(select ${column} from ${auditEvents} where ${auditEvents.accountId} = ${accountId} and ${column} > ${previous} order by ${column} limit 1)`;
  const rows = await rowsOf<{ value: string }>(
    tx,
    sql`with recursive seen(value) as (
      ${after(sql`''`)}
      union all
      select ${after(sql`seen.value`)} from seen where seen.value is not null
    ) select value from seen where value ilike ${containsPattern(text)}`,
  );
  return rows.map((row) => row.value);
}

/**
 * A page of events and their total: by keyset (platform/keyset.ts, the id breaks ties) in time and action order, at
 * offsets by actor, which an anonymous refusal lacks. The total is counted where the planner expects few events,
 * its estimate where many (platform/list-count.ts): a year of a busy account is a million events, and a count of up
 * to AUDIT_COUNT_CAP of them on every page read ten thousand index entries to show a hundred rows.
 */
export async function listEvents(tx: Tx, accountId: string | null, query: AuditListQuery) {
  const where = await matching(tx, accountId, query);
  const total = await countOrEstimate(tx, sql`from ${auditEvents}${where ? sql` where ${where}` : sql``}`, AUDIT_COUNT_CAP);
  if (query.order_by === 'actor_username') {
    const window = offsetWindow(query, total);
    const direction = query.order === 'desc' ? desc : asc;
    const rows = await tx.select().from(auditEvents).where(where).orderBy(sql`${direction(auditEvents.actorUsername)} nulls last`, direction(auditEvents.id)).limit(window.limit).offset(window.offset);
    return { ...window.page(rows), total };
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
  return { ...page, rows: page.rows.map(({ sortKey: _, ...row }) => row), total };
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

/** One batch of an export (`where`: matching's), in id order after `afterId` (keyset paging keeps every batch cheap). */
export function exportBatch(tx: Tx, where: SQL | undefined, afterId: number, size: number) {
  return tx
    .select()
    .from(auditEvents)
    .where(and(where, gt(auditEvents.id, afterId)))
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