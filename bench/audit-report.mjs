import { AUDIT_SEED } from './audit-seed.mjs';
import { LIST_LOAD } from './devices-load.mjs';
import { BARE, BARE_COLUMNS, bareCells } from './list-bare.mjs';
import { TARGETS } from './targets.mjs';
import { exportTable } from './csv-export.mjs';
import { textTable } from './text-table.mjs';

const T = TARGETS.audit;

/** The audit section of the report: the list by filter and the CSV export, both databases side by side. */
export function formatAudit(audit, number) {
  const ran = Object.entries(audit).filter(([, a]) => a);
  if (!ran.length) return [];
  const notMirrored = ran.flatMap(([database, a]) =>
    Object.entries(a.list).filter(([, { http }]) => http?.cursorAsBench === false).map(([name]) => `${name} on ${database}`),
  );
  return [
    `${number}. Audit log: one account with ${AUDIT_SEED.events.toLocaleString('en-US')} events over ${AUDIT_SEED.days} days (${AUDIT_SEED.users} users, ` +
      `${AUDIT_SEED.credentials} API credentials, background jobs), seeded by SQL ` +
      `(${ran.map(([db, a]) => `${db} ${a.seed ? `${a.seed.seconds.toFixed(0)} s` : 'failed'}`).join(', ')})`,
    `   list GET /rest/api/v1/audit/events, 100 a page, newest first: autocannon, ${LIST_LOAD.connections} connections, ${LIST_LOAD.seconds} s after ${LIST_LOAD.warmUpSeconds} s, p99;`,
    `   bare: its statements (user and action look-ups, estimate, count only where small, page) run directly as the application role, p99 of ` +
      `${BARE.loadedRuns} runs from ${BARE.streams} concurrent streams and of ${BARE.serialRuns} one at a time`,
    `   target: p99 ≤ ${Object.entries(T.listP99Ms).map(([db, ms]) => `${ms} ms on ${db}`).join(', ')}`,
    '',
    textTable(
      ['request', 'database', 'p99 ms', 'req/s', 'total', 'verdict', ...BARE_COLUMNS],
      ran.flatMap(([database, a]) =>
        Object.entries(a.list).map(([name, { bare, http }]) => [
          name,
          database,
          http?.p99Ms ?? (http?.skipped ? 'not loaded' : http ? `none in ${LIST_LOAD.seconds} s` : 'n/a'),
          http?.requestsPerSecond === undefined ? '' : Math.round(http.requestsPerSecond),
          http?.total === undefined ? '' : `${http.totalEstimated ? 'about ' : ''}${http.total.toLocaleString('en-US')}${http.totalCapped ? '+' : ''}`,
          verdict(http || bare ? http?.p99Ms !== undefined && http.p99Ms <= T.listP99Ms[database] && !http.failed : undefined) +
            (http?.failed ? ` (${http.failed} failed)` : ''),
          ...bareCells(bare),
        ]),
      ),
    ),
    ...(notMirrored.length ? [`   the server's next page cursor differs from the bench's (bare next page measured another page): ${notMirrored.join(', ')}`] : []),
    '',
    '   CSV export of the whole account (GET audit/events/export); server RSS from /proc/<pid>/status every 100 ms, growth over the idle',
    '   server settled after a small warm-up export (rss.mjs), 1 MB = 10^6 bytes',
    '',
    exportTable(ran, T),
    '',
  ];
}

const verdict = (pass) => (pass === undefined || pass === null ? 'n/a' : pass ? 'PASS' : 'FAIL');
