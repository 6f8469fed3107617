import type { SolutionsQuery } from '@keydeck/contract/solutions';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { solutionRuns, solutions } from '../../db/schema/solutions.ts';
import { matchesSearch, pageWindow } from '../../platform/paging.ts';

export type SolutionRow = typeof solutions.$inferSelect;
export type RunRow = typeof solutionRuns.$inferSelect & { solutionName: string };

export async function listSolutions(tx: Tx, query: SolutionsQuery) {
  const where = matchesSearch(query.search, [solutions.name, solutions.description]);
  const window = pageWindow(query, { name: sql`lower(${solutions.name})`, created_at: solutions.createdAt, updated_at: solutions.updatedAt }, solutions.id);
  const rows = await tx.select().from(solutions).where(where).orderBy(...window.orderBy).limit(window.limit).offset(window.offset);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(solutions).where(where);
  return { rows, total: count?.total ?? 0 };
}

export function allSolutions(tx: Tx) {
  return tx.select().from(solutions).orderBy(sql`lower(${solutions.name})`);
}

export async function findSolution(tx: Tx, id: string): Promise<SolutionRow | undefined> {
  const [row] = await tx.select().from(solutions).where(eq(solutions.id, id));
  return row;
}

export async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: solutions.id })
    .from(solutions)
    .where(and(sql`lower(${solutions.name}) = lower(${name})`, exceptId ? ne(solutions.id, exceptId) : undefined));
  return rows.length > 0;
}

export async function insertSolution(tx: Tx, values: typeof solutions.$inferInsert): Promise<SolutionRow> {
  const [row] = await tx.insert(solutions).values(values).returning();
  return row!;
}

export async function updateSolution(tx: Tx, id: string, values: Partial<typeof solutions.$inferInsert>): Promise<SolutionRow | undefined> {
  const [row] = await tx.update(solutions).set({ ...values, updatedAt: sql`now()` }).where(eq(solutions.id, id)).returning();
  return row;
}

export async function deleteSolution(tx: Tx, id: string): Promise<SolutionRow | undefined> {
  const [row] = await tx.delete(solutions).where(eq(solutions.id, id)).returning();
  return row;
}

// ---- onboarding runs ----

const runColumns = { run: solutionRuns, solutionName: solutions.name };
const toRow = ({ run, solutionName }: { run: typeof solutionRuns.$inferSelect; solutionName: string }): RunRow => ({ ...run, solutionName });

export async function insertRun(tx: Tx, values: typeof solutionRuns.$inferInsert): Promise<string> {
  const [row] = await tx.insert(solutionRuns).values(values).returning({ id: solutionRuns.id });
  return row!.id;
}

export async function findRun(tx: Tx, id: string, accountId?: string): Promise<RunRow | undefined> {
  const [row] = await tx
    .select(runColumns)
    .from(solutionRuns)
    .innerJoin(solutions, eq(solutions.id, solutionRuns.solutionId))
    .where(and(eq(solutionRuns.id, id), accountId ? eq(solutionRuns.accountId, accountId) : undefined));
  return row ? toRow(row) : undefined;
}

/** The run, locked: one step of it at a time, whichever job or process runs it. */
export async function lockRun(tx: Tx, id: string): Promise<RunRow | undefined> {
  const [row] = await tx
    .select(runColumns)
    .from(solutionRuns)
    .innerJoin(solutions, eq(solutions.id, solutionRuns.solutionId))
    .where(eq(solutionRuns.id, id))
    .for('update', { of: solutionRuns });
  return row ? toRow(row) : undefined;
}

export async function updateRun(tx: Tx, id: string, values: Partial<typeof solutionRuns.$inferInsert>): Promise<void> {
  await tx.update(solutionRuns).set(values).where(eq(solutionRuns.id, id));
}

export async function runInFlight(tx: Tx, solutionId: string, accountId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: solutionRuns.id })
    .from(solutionRuns)
    .where(and(eq(solutionRuns.solutionId, solutionId), eq(solutionRuns.accountId, accountId), inArray(solutionRuns.status, ['queued', 'running'])));
  return rows.length > 0;
}

export async function listRuns(tx: Tx, accountId: string, query: { page: number; page_size: number; order: 'asc' | 'desc'; solution_id?: string | undefined }) {
  const where = and(eq(solutionRuns.accountId, accountId), query.solution_id ? eq(solutionRuns.solutionId, query.solution_id) : undefined);
  const order = query.order === 'asc' ? [solutionRuns.createdAt, solutionRuns.id] : [desc(solutionRuns.createdAt), desc(solutionRuns.id)];
  const rows = await tx
    .select(runColumns)
    .from(solutionRuns)
    .innerJoin(solutions, eq(solutions.id, solutionRuns.solutionId))
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [count] = await tx.select({ total: sql<number>`count(*)::int` }).from(solutionRuns).where(where);
  return { rows: rows.map(toRow), total: count?.total ?? 0 };
}

/** The account's latest run of each solution. */
export async function lastRuns(tx: Tx, accountId: string): Promise<RunRow[]> {
  const rows = await tx
    .selectDistinctOn([solutionRuns.solutionId], runColumns)
    .from(solutionRuns)
    .innerJoin(solutions, eq(solutions.id, solutionRuns.solutionId))
    .where(eq(solutionRuns.accountId, accountId))
    .orderBy(solutionRuns.solutionId, desc(solutionRuns.createdAt), desc(solutionRuns.id));
  return rows.map(toRow);
}
