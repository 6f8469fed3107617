// Mirrors packages/server/src/platform/list-count.ts (countOrEstimate): keep in step with it; the bench cannot import
// the bundled server.
const EXACT_COUNT_UP_TO = 2_000;

/**
 * A list's total as the server finds it for `from` (a FROM … WHERE … text with its params): the planner's row
 * estimate, then an exact count stopped at cap + 1 only where the estimate is small.
 */
export async function countOrEstimate(db, from, params, cap) {
  const [plan] = await db.query(`explain (format json) select 1 ${from}`, params);
  const json = plan['QUERY PLAN'];
  const expected = Math.round((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows']);
  if (expected > EXACT_COUNT_UP_TO) return { rows: expected, exact: false, estimated: true };
  const [{ n }] = await db.query(`select count(*)::int as n from (select 1 ${from} limit $${params.length + 1}) m`, [...params, cap + 1]);
  return { rows: Math.min(n, cap), exact: n <= cap, estimated: false };
}
