import { userOf } from './audit-seed.mjs';
import { countOrEstimate } from './list-count.mjs';

// Mirrors packages/server/src/modules/audit/audit.repository.ts (matching, valuesContaining, listEvents): the
// statements GET audit/events issues for a page in time order. Keep in step with it; the bench cannot import the
// bundled server.
export const AUDIT_PATH = '/rest/api/v1/audit/events';
export const AUDIT_EXPORT_PATH = '/rest/api/v1/audit/events/export';
const COUNT_CAP = 10_000;
const PAGE_SIZE = 100;

/** Midnight UTC, so many days ago. */
const dayStart = (daysAgo) => new Date((Math.floor(Date.now() / 86_400_000) - daysAgo) * 86_400_000).toISOString();

/**
 * The filters measured, as the Audit Logs screen of one account sends them (100 a page, newest first): a user
 * (about 3 % of the events), an action (about 5 %), a quarter of the year's days, and the three combined.
 */
export function auditFilterCases(accountId) {
  const actor = { user: userOf(3) };
  const action = { action: 'symmetric_key.export' };
  const days = { from: dayStart(120), to: dayStart(30) };
  return [
    ['actor', actor],
    ['action', action],
    ['day range', days],
    ['all three', { ...actor, ...action, ...days }],
  ].map(([name, filters]) => ({ name, query: { account_id: accountId, page_size: String(PAGE_SIZE), ...filters } }));
}

/** A day of one user's events, to warm up the export before it is measured. */
export const warmUpFilter = () => ({ user: userOf(3), from: dayStart(2), to: dayStart(1) });

const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The account's actors or actions containing the text: the skip scan the server runs first for such a filter. */
async function valuesContaining(db, accountId, column, text) {
  const after = (previous) => `(select ${column} from audit_events where account_id = $1 and ${column} > ${previous} order by ${column} limit 1)`;
  const rows = await db.query(
    `with recursive seen(value) as (${after(`''`)} union all select ${after('seen.value')} from seen where seen.value is not null)
     select value from seen where value ilike $2`,
    [accountId, containsPattern(text)],
  );
  return rows.map((row) => row.value);
}

/** The page query and the total's FROM of one request, after the look-ups of its user and action. */
async function statements(db, query) {
  const params = [];
  const p = (value) => `$${params.push(value)}`;
  const conditions = [`account_id = ${p(query.account_id)}`];
  if (query.from) conditions.push(`occurred_at >= ${p(query.from)}`);
  if (query.to) conditions.push(`occurred_at <= ${p(query.to)}`);
  for (const [field, column] of [['user', 'actor_username'], ['action', 'action']]) {
    if (!query[field]) continue;
    const values = await valuesContaining(db, query.account_id, column, query[field]);
    conditions.push(values.length ? `${column} in (${values.map(p).join(', ')})` : 'false');
  }
  const where = conditions.join(' and ');
  const whereParams = [...params];
  const count = { from: `from audit_events where ${where}`, params: whereParams };
  let cursor = '';
  if (query.after) {
    const [value, id] = JSON.parse(Buffer.from(query.after, 'base64url').toString('utf8'));
    cursor = ` and (occurred_at, id) < (${p(value)}, ${p(id)})`;
  }
  const page = {
    text: `select *, occurred_at::text as sort_key from audit_events where ${where}${cursor} order by occurred_at desc, id desc limit ${p(PAGE_SIZE + 1)} offset ${p(0)}`,
    params: [...params],
  };
  return { count, page };
}

/** The cursor of a page's last row, as the server hands it out for the next page. */
export async function nextCursor(db, query) {
  const { page } = await statements(db, query);
  const rows = await db.query(page.text, page.params);
  if (rows.length <= PAGE_SIZE) throw new Error(`the audit filter ${JSON.stringify(query)} has no second page: the seed and the cases disagree`);
  const last = rows[PAGE_SIZE - 1];
  return Buffer.from(JSON.stringify([last.sort_key, String(last.id)])).toString('base64url');
}

/** The statements of one request, for list-bare.mjs: the look-ups, the total (estimate or count), the page. */
export async function runBare(db, { query }) {
  const { count, page } = await statements(db, query);
  const total = await countOrEstimate(db, count.from, count.params, COUNT_CAP);
  const rows = await db.query(page.text, page.params);
  if (!rows.length || !total.rows) throw new Error(`the statements for ${JSON.stringify(query)} found no audit events: the seed and the cases disagree`);
}
