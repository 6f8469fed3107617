/** The audit trail the audit step measures on: one busy account's year. */
export const AUDIT_SEED = { events: 1_000_000, days: 365, users: 50, credentials: 5 };

const FIRST = ['olivia', 'liam', 'emma', 'noah', 'ava', 'mateo', 'sofia', 'lucas', 'mia', 'elias'];
const LAST = ['brown', 'garcia', 'tanaka', 'novak', 'okafor'];
/** User n (0 = the busiest): olivia.brown, liam.brown, … elias.okafor. */
export const userOf = (n) => `${FIRST[n % FIRST.length]}.${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
const CREDENTIALS = ['ci-deploy', 'hsm-sync', 'key-rotation', 'reporting', 'terraform'];

// Real AuditAction names (packages/contract/src/audit.ts and the endpoint declarations), a name repeated as often
// as it is weighted: people sign in and out most, API credentials export and issue, background jobs report.
const USER_ACTIONS = [
  ...Array(6).fill('auth.login'), ...Array(3).fill('auth.logout'), 'service.login', 'service.logout',
  'symmetric_key.create', 'symmetric_key.export', 'symmetric_key.update', 'device.update', 'device.move', 'device_group.update',
  'certificate.issue', 'certificate.download', 'users.update', 'key_group.update', 'approval.request', 'approval.approve',
  'mfa.totp_enrol', 'credential.create', 'syslog.update', 'scheduled_report.update',
];
const CREDENTIAL_ACTIONS = ['credential.token', 'credential.token', 'symmetric_key.export', 'certificate.issue', 'device.update', 'key_assignment.load'];
const SYSTEM_ACTIONS = ['scheduled_report.run', 'scheduled_report.delivered', 'service.provisioned', 'key_ceremony.expire'];
const sqlArray = (names) => `array[${names.map((name) => `'${name}'`).join(',')}]`;

/**
 * Appends AUDIT_SEED.events events to the account's chain in one statement (generate_series), in time order over the
 * last AUDIT_SEED.days days, as the owner (no row-level security, no append trigger on INSERT): 5 % by background
 * jobs ('system'), 10 % by the API credentials, the rest by the users, the first ones busiest (user 3 has about
 * 3 %); 93 % succeed, 5 % are refused, 1.5 % fail, 0.5 % partial. Hashes are pseudo-random in the chain's shape:
 * each links to the one before, the first to the old head, and the head moves to the last (under its row lock,
 * as the server appends), so the server goes on appending to the chain. The links are not HMACs under the audit
 * key (keyed = false): verifying this account's chain reports them, which nothing the server runs by itself does.
 * Then VACUUM ANALYZE.
 */
export async function seedAudit(db, { accountId }) {
  const started = performance.now();
  const n = AUDIT_SEED.events;
  // u(k): a uniform number in [0, 1) from event i's own hash, one per property.
  const u = (k) => `((hashint4(i * 4 + ${k}) & 2147483647)::float8 / 2147483648)`;
  const hash = (expr) => `md5((${expr})::text) || md5((-(${expr}))::text)`;
  await db.query('begin');
  try {
    await db.query(`insert into audit_chain_heads (chain, account_id, seq, hash) values ($1, $2, 0, '') on conflict do nothing`, [accountId, accountId]);
    const [head] = await db.query('select seq as base, hash as prev from audit_chain_heads where chain = $1 for update', [accountId]);
    await db.query(`update audit_chain_heads set seq = seq + ${n}, hash = ${hash(n)} where chain = $1`, [accountId]);
    await db.query(
      `insert into audit_events (account_id, occurred_at, actor_user_id, actor_username, action, target, target_name, outcome, reason,
         client_address, request_id, seq, prev_hash, hash, keyed, link_format)
       select $1, now() - interval '${AUDIT_SEED.days} days' + i * (interval '${AUDIT_SEED.days} days' / ${n}),
         case when kind = 'user' then md5('user' || who)::uuid when kind = 'credential' then md5('user' || (who * 7 % ${AUDIT_SEED.users}))::uuid end,
         case kind when 'system' then 'system'
           when 'credential' then 'credential:' || (${sqlArray(CREDENTIALS)})[1 + who] || ' (owner ' || (${sqlArray(Array.from({ length: AUDIT_SEED.users }, (_, k) => userOf(k)))})[1 + who * 7 % ${AUDIT_SEED.users}] || ')'
           else (${sqlArray(Array.from({ length: AUDIT_SEED.users }, (_, k) => userOf(k)))})[1 + who] end,
         case kind when 'system' then (${sqlArray(SYSTEM_ACTIONS)})[1 + floor(${u(1)} * ${SYSTEM_ACTIONS.length})::int]
           when 'credential' then (${sqlArray(CREDENTIAL_ACTIONS)})[1 + floor(${u(1)} * ${CREDENTIAL_ACTIONS.length})::int]
           else (${sqlArray(USER_ACTIONS)})[1 + floor(${u(1)} * ${USER_ACTIONS.length})::int] end,
         md5('target' || (i % 20000))::uuid::text, 'Object ' || lpad((i % 20000)::text, 5, '0'),
         case when ${u(2)} < 0.93 then 'success' when ${u(2)} < 0.98 then 'refused' when ${u(2)} < 0.995 then 'failure' else 'partial' end,
         case when ${u(2)} >= 0.93 and ${u(2)} < 0.98 then 'forbidden' when ${u(2)} >= 0.98 and ${u(2)} < 0.995 then 'upstream unavailable' end,
         '10.20.' || (who % 250) || '.' || (i % 250), 'bench-' || i, $2::bigint + i,
         case when i = 1 then $3 else ${hash('i - 1')} end, ${hash('i')}, false, 2
       from (
         select i,
           case when ${u(0)} < 0.05 then 'system' when ${u(0)} < 0.15 then 'credential' else 'user' end as kind,
           case when ${u(0)} < 0.05 then 0 when ${u(0)} < 0.15 then floor((${u(0)} - 0.05) / 0.02)::int
             else least(${AUDIT_SEED.users - 1}, floor(${AUDIT_SEED.users} * power((${u(0)} - 0.15) / 0.85, 2))::int) end as who
         from generate_series(1, ${n}) i
       ) e`,
      [accountId, head.base, head.prev],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  // As autovacuum leaves a year-old table: its visibility map set, so counts can be read from an index alone. Left
  // to autovacuum, it would set it at some point of the measurements.
  await db.query('vacuum analyze audit_events, audit_chain_heads');
  const [counts] = await db.query('select count(*)::int as events from audit_events where account_id = $1', [accountId]);
  if (counts.events < n) throw new Error(`the account has ${counts.events} audit events, expected at least ${n}`);
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

/** The account a user belongs to: the administrator's, whose year the bench fills. */
export async function accountOfUser(db, username) {
  const [row] = await db.query('select account_id from users where username = $1', [username]);
  if (!row) throw new Error(`user ${username} not found`);
  return row.account_id;
}
