import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { rowsOf } from '../db/raw-sql.ts';
import type { Counted } from './keyset.ts';

/**
 * Below this many rows, as the planner expects them, a filter is counted exactly (reading that many index entries
 * and rows costs a few milliseconds); above it the list shows the planner's estimate ("about 1.2 million").
 */
export const EXACT_COUNT_UP_TO = 2_000;

/** A list's total: exact (counted, up to a cap), or the planner's estimate from its statistics. */
export type ListCount = Counted & { estimated: boolean };

type PlanRow = { 'QUERY PLAN': string | [{ Plan: { 'Plan Rows': number } }] };

/**
 * How many rows `from` (a FROM … WHERE … text) has, without reading them where they are many: EXPLAIN's row
 * estimate first (planning only, under the same row-level security), then an exact count, stopped at cap + 1,
 * only where the estimate is small. An estimate that is far too small is still bounded by the cap (total_capped).
 */
export async function countOrEstimate(tx: Tx, from: SQL, cap: number): Promise<ListCount> {
  const [plan] = await rowsOf<PlanRow>(tx, sql`explain (format json) select 1 ${from}`);
  const json = plan!['QUERY PLAN'];
  const expected = Math.round((typeof json === 'string' ? (JSON.parse(json) as Exclude<PlanRow['QUERY PLAN'], string>) : json)[0].Plan['Plan Rows']);
  if (expected > EXACT_COUNT_UP_TO) return { rows: expected, exact: false, estimated: true };
  const [count] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 ${from} limit ${cap + 1}) m`);
  const rows = count?.n ?? 0;
  return { rows: Math.min(rows, cap), exact: rows <= cap, estimated: false };
}

/** A list response's total: total_capped where the count stopped at the cap; total_estimated only where it is an estimate. */
export function totalFields(total: ListCount): { total: number; total_capped: boolean; total_estimated?: true } {
  return {
    total: total.rows,
    total_capped: !total.exact && !total.estimated,
    ...(total.estimated ? { total_estimated: true as const } : {}),
  };
}
