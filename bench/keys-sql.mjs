// Mirrors what GET service/symmetric_key sends for one page, from packages/server/src: symmetric-keys.service.ts
// (list: the group looked up by name), key-groups.repository.ts (findByNames), symmetric-keys.repository.ts
// (listPage), platform/list-count.ts (countOrEstimate) and platform/keyset.ts (keysetWindow: after a cursor, the
// last page read from the end, a jump at its offset). The request's scope (platform/tenant-scope.ts: role
// keydeck_app, the account) is set by list-bare.mjs on each connection. Keep in step with them; the bench cannot
// import the bundled server.
import { countOrEstimate } from './list-count.mjs';

const COUNT_CAP = 10_000; // KEY_COUNT_CAP, packages/contract/src/payment-keys.ts
const ORDER = { name: 'k.name', created_at: 'k.created_at', algorithm: 'k.algorithm', usage: 'k.usage', state: 'k.state' };
const LISTED_COLUMNS = `k.id, k.name, g.name as group_name, k.algorithm, k.usage, k.mode_of_use, k.exportability, k.version,
  k.state, k.kcv, k.kcv_method, k.origin, k.keystore, k.created_at, k.rotated_at`;

const containsPattern = (text) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const encodeCursor = (value, id) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

/**
 * One request's statements on `db`, for its query string (`query`, as the URL has it; the contract's defaults
 * applied): the group by name, the total (planner's estimate, or a capped count where it expects few keys), the page's
 * ids from the index then their rows. Resolves the answer as the server shapes it: { data, total, total_capped,
 * total_estimated, next_cursor } (data: the rows, as shown).
 */
export async function runKeyList(db, serviceId, query) {
  const q = { order: 'asc', order_by: 'name', ...query, page: Number(query.page ?? 1), page_size: Number(query.page_size ?? 10), last: String(query.last) === 'true' };
  let groupId = null;
  if (q.group) {
    // textArray (db/raw-sql.ts): the one name as a text[] literal.
    const names = `{"${q.group.toLowerCase().replace(/["\\]/g, (c) => `\\${c}`)}"}`;
    const [group] = await db.query(`select id, name, retrieval_algorithm, created_at from key_groups where service_id = $1 and lower(name) = any($2::text[])`, [serviceId, names]);
    if (!group) throw new Error(`no key group ${q.group} in service ${serviceId}`);
    groupId = group.id;
  }
  const params = [];
  const p = (value) => `$${params.push(value)}`;
  const conditions = [`k.service_id = ${p(serviceId)}`];
  if (groupId) conditions.push(`k.group_id = ${p(groupId)}`);
  if (q.state) conditions.push(`k.state = ${p(q.state)}`);
  if (q.search) conditions.push(`k.name ilike ${p(containsPattern(q.search))}`);
  const where = conditions.join(' and ');
  const whereParams = [...params];

  const total = await countOrEstimate(db, `from symmetric_keys k where ${where}`, whereParams, COUNT_CAP);

  // keysetWindow
  const cursorText = q.after ?? q.before;
  const backwards = Boolean(q.before || q.last);
  const ascending = (q.order === 'asc') !== backwards;
  const direction = ascending ? 'asc' : 'desc';
  const sort = ORDER[q.order_by];
  const shownRows = q.last && total.exact && total.rows % q.page_size ? total.rows % q.page_size : q.page_size;
  let condition = '';
  if (cursorText) {
    const [value, id] = JSON.parse(Buffer.from(cursorText, 'base64url').toString('utf8'));
    const operator = ascending ? '>' : '<';
    condition = ` and ${sort} ${operator}= ${p(value)} and (${sort}, k.id) ${operator} (${p(value)}, ${p(id)})`;
  }
  const orderBy = `${sort} ${direction}, k.id ${direction}`;
  const read = await db.query(
    `with page as (
          select k.id from symmetric_keys k where ${where}${condition}
          order by ${orderBy} limit ${p(shownRows + 1)} offset ${p(cursorText || q.last ? 0 : (q.page - 1) * q.page_size)})
        select ${LISTED_COLUMNS}, (select count(*)::int from key_assignments a where a.key_id = k.id) as assignments,
          ${sort}::text as sort_key
        from page p join symmetric_keys k on k.id = p.id join key_groups g on g.id = k.group_id
        order by ${orderBy}`,
    params,
  );
  const data = read.slice(0, shownRows);
  if (backwards) data.reverse();
  const last = data.at(-1);
  const hasNext = !q.last && (backwards || read.length > shownRows);
  return {
    data,
    total: total.rows,
    total_capped: !total.exact && !total.estimated,
    total_estimated: total.estimated || undefined,
    next_cursor: hasNext && last ? encodeCursor(last.sort_key, String(last.id)) : null,
  };
}

/**
 * Throws unless an answer (the server's, or the bare statements' from runKeyList) is the page a case expects: `rows`
 * keys from `first`, and its total (exact, a capped count below it, or the planner's estimate within 10 %).
 */
export function checkKeyPage(what, answer, { first, total, rows }) {
  const totalFits =
    answer.total === total || (answer.total_capped === true && answer.total < total) || (answer.total_estimated === true && Math.abs(answer.total - total) <= total * 0.1);
  if (!totalFits || answer.data?.length !== rows || answer.data[0].name !== first) {
    throw new Error(`${what}: expected ${rows} of ${total} keys from ${first}, got ${answer.data?.length} of ${answer.total} from ${answer.data?.[0]?.name}`);
  }
}

/** The cursor the server hands out for the page after the one `query` asks for. */
export async function nextCursor(db, serviceId, query) {
  const cursor = (await runKeyList(db, serviceId, query)).next_cursor;
  if (!cursor) throw new Error(`the key list ${JSON.stringify(query)} has no next page: the seed and the cases disagree`);
  return cursor;
}

/** The statements of one request, for list-bare.mjs: as runKeyList runs them, checked against the case. */
export async function runBare(db, { serviceId, query, expected }) {
  checkKeyPage(`the bare statements for ${JSON.stringify(query)}`, await runKeyList(db, serviceId, query), expected);
}
