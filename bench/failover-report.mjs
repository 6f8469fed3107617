import { COMMIT_MODES, WRITE_LOAD } from './failover-step.mjs';
import { TARGETS } from './targets.mjs';
import { textTable } from './text-table.mjs';

const T = TARGETS.failover;

/** The failover section: role writes by synchronous_commit, then the switch to the promoted standby. */
export function formatFailover(failover, number) {
  if (!failover) return [];
  const { writes, failover: switched } = failover;
  const local = writes.local?.writesPerSecond;
  const sharePass = (mode) => (mode === 'on' && local ? verdict(writes.on.writesPerSecond >= (local * T.synchronousOfLocalPercent) / 100) : '');
  const failures = switched ? Object.entries(switched.byStatus).filter(([status]) => !/^(2..|503)$/.test(status)) : [];
  return [
    `${number}. PostgreSQL failover: Keydeck on a primary with a synchronous streaming standby (fsync on, both on this machine),`,
    '   DATABASE_URL naming both hosts with target_session_attrs=read-write',
    `   role writes (POST /rest/api/v1/user/roles, audited), autocannon, ${WRITE_LOAD.connections} connections, ${WRITE_LOAD.seconds} s after ${WRITE_LOAD.warmUpSeconds} s,`,
    `   by synchronous_commit (on: the standby's flush; local: the primary's own; off: neither); target: on ≥ ${T.synchronousOfLocalPercent} % of local`,
    '',
    textTable(
      ['synchronous_commit', 'writes/s', 'p99 ms', 'of local', 'verdict'],
      COMMIT_MODES.filter((mode) => writes[mode]).map((mode) => [
        mode,
        Math.round(writes[mode].writesPerSecond),
        writes[mode].p99Ms,
        local ? `${Math.round((writes[mode].writesPerSecond / local) * 100)} %` : '',
        sharePass(mode),
      ]),
    ),
    '',
    '   under a write every 20 ms, the primary stopped at once (pg_ctl -m immediate), and the standby promoted 1 s later;',
    `   target: the first write acknowledged ≤ ${T.firstWriteAfterPromotionMs} ms after the promotion, every answer 2xx or 503 with Retry-After`,
    ...(switched
      ? [
          `   first write acknowledged ${switched.firstWriteAfterPromotionMs ?? 'never'} ms after the promotion ` +
            `(${verdict(switched.firstWriteAfterPromotionMs !== null && switched.firstWriteAfterPromotionMs <= T.firstWriteAfterPromotionMs && !failures.length)}); ` +
            `${switched.writes} writes answered ${Object.entries(switched.byStatus).map(([status, n]) => `${status}: ${n}`).join(', ')}; slowest answer ${switched.slowestAnswerMs} ms`,
        ]
      : ['   failover: not measured']),
    '',
  ];
}

const verdict = (pass) => (pass ? 'PASS' : 'FAIL');
