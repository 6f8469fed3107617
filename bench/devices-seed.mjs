/** The device population the devices step measures on: one service, as a large customer's. */
export const SEED = { devices: 1_000_000, groups: 2_000, models: 50 };

/** 'T' and the number zero-padded: T0000001 … T1000000. */
export const serialOf = (n) => `T${String(n).padStart(7, '0')}`;
export const groupNameOf = (n) => `Group ${String(n).padStart(4, '0')}`;

/**
 * Fills the service with SEED's groups, models and devices in three statements (generate_series), straight into
 * the tables: device i is in group i mod 2000, has model i mod 51 (none for 0), is archived when i mod 10 = 0,
 * failed when i mod 50 = 7, was loaded when i mod 3 = 0, and was added at a spread-out second of the last 365
 * days. Then ANALYZE, so the planner sees the real sizes. Runs as the database owner (no row-level security).
 */
export async function seedDevices(db, { accountId, serviceId }) {
  const started = performance.now();
  const existing = await db.query('select count(*)::int as n from devices where service_id = $1', [serviceId]);
  if (existing[0].n) throw new Error(`service ${serviceId} already has ${existing[0].n} devices`);
  await db.query(
    `insert into device_models (account_id, service_id, name, created_at)
     select $1, $2, 'Model ' || lpad(i::text, 2, '0'), now() - interval '400 days' from generate_series(1, ${SEED.models}) i`,
    [accountId, serviceId],
  );
  await db.query(
    `insert into device_groups (account_id, service_id, name, created_at)
     select $1, $2, 'Group ' || lpad(i::text, 4, '0'), now() - interval '400 days' from generate_series(1, ${SEED.groups}) i`,
    [accountId, serviceId],
  );
  await db.query(
    `insert into devices (account_id, service_id, serial, group_id, model_id, archived, failed, last_load, created_at)
     select $1, $2, 'T' || lpad(i::text, 7, '0'), g.id, m.id, i % 10 = 0, i % 50 = 7,
       case when i % 3 = 0 then now() - (i % 365) * interval '1 day' end,
       now() - ((i::bigint * 7919) % (365 * 86400)) * interval '1 second'
     from generate_series(1, ${SEED.devices}) i
     join (select id, row_number() over (order by name) - 1 as n from device_groups where service_id = $2) g on g.n = i % ${SEED.groups}
     left join (select id, row_number() over (order by name) as n from device_models where service_id = $2) m on m.n = i % ${SEED.models + 1}`,
    [accountId, serviceId],
  );
  await db.query('analyze device_models, device_groups, devices');
  const [counts] = await db.query(
    `select count(*)::int as devices, count(*) filter (where archived)::int as archived, count(*) filter (where failed)::int as failed
     from devices where service_id = $1`,
    [serviceId],
  );
  if (counts.devices !== SEED.devices) throw new Error(`seeded ${counts.devices} devices, expected ${SEED.devices}`);
  return { ...counts, groups: SEED.groups, models: SEED.models, seconds: (performance.now() - started) / 1000 };
}

/** The account a service belongs to (the seed writes it on every row, as row-level security expects). */
export async function accountOf(db, serviceId) {
  const [row] = await db.query('select account_id from services where id = $1', [serviceId]);
  if (!row) throw new Error(`service ${serviceId} not found`);
  return row.account_id;
}
