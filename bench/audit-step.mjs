import { measureCsvExport } from './csv-export.mjs';
import { openBareDatabase } from './devices-db.mjs';
import { listUrl, loadList } from './devices-load.mjs';
import { accountOfUser, AUDIT_SEED, seedAudit } from './audit-seed.mjs';
import { AUDIT_EXPORT_PATH, AUDIT_PATH, auditFilterCases, nextCursor, warmUpFilter } from './audit-sql.mjs';
import { notLoaded, timeBare } from './list-bare.mjs';

const AUDIT_SQL = new URL('./audit-sql.mjs', import.meta.url).href;

/**
 * The audit step on one database: AUDIT_SEED appended to the account of `username` (the administrator), each
 * filter's first page and the page after it (by the cursor the server hands out) timed bare, then against Keydeck
 * (from `server()`: { origin, pid, session }) under load, and the CSV export of the whole account. `database` and
 * `server` as for the devices step (devices-step.mjs): on PGlite the server starts only after the seed and the bare
 * timings let go of the files. Each part is a `step`: one that fails is reported and the rest goes on.
 */
export async function benchAudit(label, { database, username, server, step }) {
  const result = { seed: undefined, list: {}, export: undefined };
  const scope = await step(`seed ${AUDIT_SEED.events.toLocaleString('en-US')} audit events on ${label}`, async () => {
    const db = await openBareDatabase(database);
    try {
      const accountId = await accountOfUser(db, username);
      result.seed = await seedAudit(db, { accountId });
      const cases = [];
      for (const { name, query } of auditFilterCases(accountId)) {
        cases.push({ name: `${name}, first page`, query }, { name: `${name}, next page`, query: { ...query, after: await nextCursor(db, query) } });
      }
      return { accountId, cases };
    } finally {
      await db.close();
    }
  });
  if (!scope) return result;

  for (const { name, query } of scope.cases) {
    result.list[name] = { query, bare: await step(`bare statements of the audit list (${name}) on ${label}`, () => timeBare(database, scope, { module: AUDIT_SQL, args: { query } })) };
  }

  const keydeck = await step(`keydeck with 1M audit events on ${label}`, server);
  if (!keydeck) return result;
  const cookie = keydeck.session.sessionCookie;
  const base = { account_id: scope.accountId };
  for (const [i, { name, query }] of scope.cases.entries()) {
    const entry = result.list[name];
    if (!entry.bare) continue;
    const skipped = notLoaded(entry.bare);
    if (skipped) {
      entry.http = skipped;
      continue;
    }
    entry.http = await step(`load the audit list (${name}) on ${label}`, () => loadList(keydeck.origin, cookie, query, { path: AUDIT_PATH, base }));
    // The bare next page read after the cursor the bench made: it must be the one the server hands out.
    const following = scope.cases[i + 1];
    if (entry.http && !query.after && following) entry.http.cursorAsBench = entry.http.nextCursor === following.query.after;
  }
  result.export = await step(`export the account's audit events as CSV on ${label}`, () =>
    measureCsvExport({
      url: listUrl(keydeck.origin, base, AUDIT_EXPORT_PATH),
      warmUpUrl: listUrl(keydeck.origin, { ...base, ...warmUpFilter() }, AUDIT_EXPORT_PATH),
      cookie,
      serverPid: keydeck.pid,
      // The server appends its own events to the account (signing in, the service) besides the seeded ones.
      expectedRows: result.seed.events,
      orMore: true,
    }),
  );
  return result;
}
