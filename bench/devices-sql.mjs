import { groupNameOf } from './devices-seed.mjs';

// Mirrors packages/server/src/modules/devices/devices.repository.ts (resolveFilters, matching, countMatching,
// listPage) and platform/list-count.ts: the statements GET service/device issues for a page. Keep in step with
// them; the bench cannot import the bundled server.
const COUNT_CAP = 10_000;
const EXACT_COUNT_UP_TO = 2_000;
const PAGE_SIZE = 10;

const isoDay = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The list requests measured: each filter alone, two combined by operator=or, and a sort other than by serial. */
export function listCases() {
  return [
    { name: 'no filter', query: {} },
    { name: 'search 12345', query: { search: '12345' } },
    { name: 'archived', query: { archived: 'true' } },
    { name: 'group', query: { group: groupNameOf(42) } },
    { name: 'date range', query: { date_start: isoDay(30), date_end: isoDay(1) } },
    { name: 'archived or group', query: { operator: 'or', archived: 'true', group: groupNameOf(42) } },
    { name: 'newest first', query: { order_by: 'created_at', order: 'desc' } },
  ];
}

/**
 * The statements of one request, run on `db` as GET service/device runs them: whether ILIKE is leakproof (when it
 * searches: by fragment if so, else by prefix), the group looked up by name (when the query names one), the
 * planner's estimate of the matching devices, an exact capped count only where that estimate is small, then the
 * page. Resolves { rows, total }.
 */
export async function runList(db, serviceId, query) {
  const q = { page: 1, page_size: PAGE_SIZE, order: 'asc', order_by: 'serial', operator: 'and', ...query };
  let searchBy;
  if (q.search) {
    const [row] = await db.query(`select proleakproof as leakproof from pg_proc where oid = 'pg_catalog.texticlike(text, text)'::regprocedure`, []);
    searchBy = row?.leakproof ? 'fragment' : 'prefix';
  }
  let groupId;
  if (q.group !== undefined) {
    const [row] = await db.query('select g.id from device_groups g where g.service_id = $1 and g.name_key = lower($2)', [serviceId, q.group]);
    groupId = row?.id ?? null;
  }
  const { estimate, count, page } = listStatements(serviceId, q, groupId, searchBy);
  const [plan] = await db.query(estimate.text, estimate.params);
  const json = plan['QUERY PLAN'];
  let total = Math.round((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows']);
  if (total <= EXACT_COUNT_UP_TO) total = (await db.query(count.text, count.params))[0].n;
  return { rows: await db.query(page.text, page.params), total };
}

/** The estimate, the capped count and the page query for one request's query string (defaults applied), with their parameters. */
function listStatements(serviceId, q, groupId, searchBy) {
  const params = [];
  const p = (value) => `$${params.push(value)}`;
  const narrowing = [];
  if (q.archived !== undefined) narrowing.push(`d.archived = ${p(q.archived === 'true')}`);
  if (groupId !== undefined) narrowing.push(groupId === null ? 'false' : `d.group_id = ${p(groupId)}`);
  const days = [
    ...(q.date_start ? [`d.created_at >= ${p(q.date_start)}::date::timestamptz`] : []),
    ...(q.date_end ? [`d.created_at < (${p(q.date_end)}::date + 1)::timestamptz`] : []),
  ];
  if (days.length) narrowing.push(`(${days.join(' and ')})`);
  const conditions = [`d.service_id = ${p(serviceId)}`];
  if (q.search && searchBy === 'fragment') conditions.push(`d.serial ilike ${p(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (q.search && searchBy === 'prefix') {
    const capitals = q.search.toUpperCase();
    conditions.push(capitals === q.search ? `starts_with(d.serial, ${p(q.search)})` : `(starts_with(d.serial, ${p(q.search)}) or starts_with(d.serial, ${p(capitals)}))`);
  }
  if (narrowing.length) conditions.push(`(${narrowing.join(q.operator === 'or' ? ' or ' : ' and ')})`);
  const where = conditions.join(' and ');
  const whereParams = [...params];

  const columns = { serial: 'd.serial', group: 'g.name', device_model: 'm.name', created_at: 'd.created_at', last_load: 'd.last_load' };
  const direction = q.order === 'desc' ? 'desc' : 'asc';
  const nulls = ['device_model', 'last_load'].includes(q.order_by) ? ' nulls last' : '';
  const orderBy = q.order_by === 'serial' ? `d.serial ${direction}` : `${columns[q.order_by]} ${direction}${nulls}, d.serial ${direction}`;
  const page = {
    text: `select d.serial, g.name as "group", m.name as device_model, d.archived, d.failed, d.last_load, d.created_at
  from devices d join device_groups g on g.id = d.group_id left join device_models m on m.id = d.model_id where ${where} order by ${orderBy}
      limit ${p(q.page_size)} offset ${p((q.page - 1) * q.page_size)}`,
    params: [...params],
  };
  const estimate = { text: `explain (format json) select 1 from devices d where ${where}`, params: whereParams };
  const count = {
    text: `select count(*)::int as n from (select 1 from devices d where ${where} limit $${whereParams.length + 1}) m`,
    params: [...whereParams, COUNT_CAP + 1],
  };
  return { estimate, count, page };
}

/** The statements of one request, for list-bare.mjs: as runList runs them. */
export async function runBare(db, { serviceId, query }) {
  const { rows, total } = await runList(db, serviceId, query);
  if (!rows.length || !total) throw new Error(`the statements for ${JSON.stringify(query)} found no devices: the seed and the cases disagree`);
}
