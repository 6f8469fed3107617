import autocannon from 'autocannon';
import { startKeydeck } from './keydeck-server.mjs';
import { startReplicatedPostgres } from './replicated-postgres.mjs';
import { signIn } from './sign-in.mjs';

const ROLES = '/rest/api/v1/user/roles';
export const WRITE_LOAD = { connections: 10, warmUpSeconds: 2, seconds: 10 };
/** synchronous_commit values compared: on waits for the standby's flush, local for the primary's, off for neither. */
export const COMMIT_MODES = ['on', 'local', 'off'];
/** During the failover: one write every this many ms, never longer than the bound in all. */
const FAILOVER_WRITE_EVERY_MS = 20;
const FAILOVER_BOUND_MS = 30_000;

/**
 * Keydeck on a PostgreSQL primary with a synchronous standby, DATABASE_URL naming both (target_session_attrs=
 * read-write): a write-heavy call's throughput by synchronous_commit (what synchronous replication costs), then the
 * primary crashed and the standby promoted under a steady write load: the time from the promotion to the first
 * acknowledged write, and what the writes meanwhile were answered.
 */
export async function benchFailover({ step }) {
  const postgres = await startReplicatedPostgres('keydeck_bench');
  try {
    const keydeck = await startKeydeck({
      label: 'PostgreSQL primary + standby',
      databaseUrl: `postgres://postgres@${postgres.hosts}/keydeck_bench?target_session_attrs=read-write`,
    });
    try {
      const session = await signIn(keydeck.origin, keydeck.admin);
      const writes = {};
      for (const mode of COMMIT_MODES) {
        writes[mode] = await step(`role writes with synchronous_commit=${mode}`, async () => {
          await postgres.synchronousCommit(mode);
          return measureWrites(keydeck.origin, session, mode);
        });
      }
      await postgres.synchronousCommit('on');
      const failover = await step('failover under writes', () => measureFailover(keydeck.origin, session, postgres));
      return { writes, failover };
    } finally {
      await keydeck.stop();
    }
  } finally {
    postgres.stop();
  }
}

/** Creates roles (an audited write: the role and its audit event in one transaction), each with a name of its own. */
function writeRequest(session, label) {
  let n = 0;
  return {
    method: 'POST',
    path: ROLES,
    headers: { cookie: session.sessionCookie, 'x-vcsrf-token': session.csrf, 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ roles: [{ name: `Bench ${label} ${n++}`, permissions: ['audit:read'] }] }) }),
  };
}

async function measureWrites(origin, session, mode) {
  const fire = (label, duration) =>
    autocannon({ url: origin, connections: WRITE_LOAD.connections, duration, timeout: 10, requests: [writeRequest(session, label)] });
  await fire(`${mode} warm-up`, WRITE_LOAD.warmUpSeconds);
  const result = await fire(mode, WRITE_LOAD.seconds);
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`POST ${ROLES}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { writesPerSecond: result.requests.average, p99Ms: result.latency.p99, writes: result.requests.total };
}

async function measureFailover(origin, session, postgres) {
  const writes = [];
  const request = writeRequest(session, 'failover');
  const write = async () => {
    const { body } = request.setupRequest({});
    const sentAt = Date.now();
    const status = await fetch(origin + ROLES, { method: 'POST', headers: request.headers, body, signal: AbortSignal.timeout(10_000) }).then(
      (answer) => answer.arrayBuffer().then(() => (answer.status === 503 && !answer.headers.get('retry-after') ? '503 without Retry-After' : answer.status)),
      () => 'none',
    );
    writes.push({ sentAt, answeredAt: Date.now(), status });
  };
  const pending = [];
  const start = Date.now();
  let [crashedAt, promotedAt] = [0, 0];
  const acknowledgedSincePromotion = () => writes.some((w) => w.status === 201 && w.answeredAt > promotedAt);
  while (Date.now() - start < FAILOVER_BOUND_MS && !(promotedAt && acknowledgedSincePromotion() && Date.now() - promotedAt > 1_000)) {
    const now = Date.now();
    if (!crashedAt && now - start > 1_000) {
      postgres.stopPrimary();
      crashedAt = Date.now();
    }
    // A second without any primary (the writes meanwhile answered 503), then the standby made the primary.
    if (crashedAt && !promotedAt && now - crashedAt > 1_000) {
      postgres.promoteStandby();
      promotedAt = Date.now();
    }
    pending.push(write());
    await new Promise((resolve) => setTimeout(resolve, FAILOVER_WRITE_EVERY_MS));
  }
  await Promise.all(pending);
  const first = writes.filter((w) => w.status === 201 && w.answeredAt > promotedAt).sort((a, b) => a.answeredAt - b.answeredAt)[0];
  const byStatus = {};
  for (const w of writes) byStatus[w.status] = (byStatus[w.status] ?? 0) + 1;
  return {
    firstWriteAfterPromotionMs: first ? first.answeredAt - promotedAt : null,
    writes: writes.length,
    byStatus,
    slowestAnswerMs: Math.max(...writes.map((w) => w.answeredAt - w.sentAt)),
  };
}
