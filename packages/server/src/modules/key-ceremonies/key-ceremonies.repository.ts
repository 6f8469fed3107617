import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { rowsOf, uuidArray } from '../../db/raw-sql.ts';


export type CeremonyRow = {
  id: string;
  account_id: string;
  service_id: string;
  name: string;
  group_name: string;
  algorithm: string;
  usage: string;
  mode_of_use: string;
  exportability: string;
  version: string;
  components_required: number;
  custodian_ids: string[];
  opened_by: string | null;
  opened_by_name: string;
  state: string;
  partial_id: string | null;
  partial_ref: string | null;
  key_id: string | null;
  kcv: string | null;
  ended_reason: string | null;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};
export type ComponentRow = { ceremony_id: string; position: number; user_id: string | null; username: string; kcv: string; entered_at: Date };
export type Person = { user_id: string; username: string };

// ---------------------------------------------------------------- custodians and policy

export const custodians = (tx: Tx, serviceId: string) =>
  rowsOf<Person & { designated_by: string; designated_at: Date }>(
    tx,
    sql`select c.user_id, u.username, c.designated_by, c.created_at as designated_at
      from key_custodians c join users u on u.id = c.user_id where c.service_id = ${serviceId} order by lower(u.username)`,
  );

/** The service's users whose group holds the Key category (at either level): who may be designated. */
export const candidates = (tx: Tx, serviceId: string) =>
  rowsOf<Person>(
    tx,
    sql`select u.id as user_id, u.username from service_users su
      join service_user_groups g on g.id = su.group_id join users u on u.id = su.user_id
      where su.service_id = ${serviceId} and g.permissions ? 'Key' order by lower(u.username)`,
  );

export async function replaceCustodians(tx: Tx, scope: { accountId: string; serviceId: string; actor: string }, userIds: string[]): Promise<void> {
  await tx.execute(sql`delete from key_custodians where service_id = ${scope.serviceId} and user_id <> all(${uuidArray(userIds)})`);
  for (const userId of userIds) {
    await tx.execute(sql`insert into key_custodians (account_id, service_id, user_id, designated_by)
      values (${scope.accountId}, ${scope.serviceId}, ${userId}, ${scope.actor}) on conflict (service_id, user_id) do nothing`);
  }
}

export async function policy(tx: Tx, serviceId: string) {
  const [row] = await rowsOf<{ opener_may_be_custodian: boolean; single_operator_entry: boolean }>(
    tx,
    sql`select opener_may_be_custodian, single_operator_entry from key_ceremony_policies where service_id = ${serviceId}`,
  );
  return row ?? { opener_may_be_custodian: false, single_operator_entry: false };
}

export async function setPolicy(tx: Tx, scope: { accountId: string; serviceId: string }, policy: { opener_may_be_custodian: boolean; single_operator_entry: boolean }) {
  await tx.execute(sql`insert into key_ceremony_policies (service_id, account_id, opener_may_be_custodian, single_operator_entry)
    values (${scope.serviceId}, ${scope.accountId}, ${policy.opener_may_be_custodian}, ${policy.single_operator_entry})
    on conflict (service_id) do update set opener_may_be_custodian = excluded.opener_may_be_custodian,
      single_operator_entry = excluded.single_operator_entry, updated_at = now()`);
}

// ---------------------------------------------------------------- ceremonies

export type NewCeremony = Pick<
  CeremonyRow,
  'name' | 'group_name' | 'algorithm' | 'usage' | 'mode_of_use' | 'exportability' | 'version' | 'components_required' | 'custodian_ids' | 'opened_by' | 'opened_by_name'
>;

export async function insert(tx: Tx, scope: { accountId: string; serviceId: string }, ceremony: NewCeremony, hours: number): Promise<CeremonyRow> {
  const [row] = await rowsOf<CeremonyRow>(
    tx,
    sql`insert into key_ceremonies (account_id, service_id, name, group_name, algorithm, usage, mode_of_use, exportability, version,
        components_required, custodian_ids, opened_by, opened_by_name, expires_at)
      values (${scope.accountId}, ${scope.serviceId}, ${ceremony.name}, ${ceremony.group_name}, ${ceremony.algorithm}, ${ceremony.usage},
        ${ceremony.mode_of_use}, ${ceremony.exportability}, ${ceremony.version}, ${ceremony.components_required}, ${uuidArray(ceremony.custodian_ids)},
        ${ceremony.opened_by}, ${ceremony.opened_by_name}, now() + make_interval(hours => ${hours}))
      returning *`,
  );
  return row!;
}

export const list = (tx: Tx, serviceId: string) =>
  rowsOf<CeremonyRow>(
    tx,
    sql`select * from key_ceremonies where service_id = ${serviceId}
      order by (state = 'open') desc, created_at desc, id limit 200`,
  );

/** One ceremony of the service; forUpdate holds it until the transaction ends, so two components never race. */
export async function find(tx: Tx, serviceId: string, id: string, forUpdate = false): Promise<CeremonyRow | undefined> {
  const [row] = await rowsOf<CeremonyRow>(
    tx,
    sql`select * from key_ceremonies where service_id = ${serviceId} and id = ${id} ${forUpdate ? sql`for update` : sql``}`,
  );
  return row;
}

export async function openWithName(tx: Tx, serviceId: string, name: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from key_ceremonies where service_id = ${serviceId} and state = 'open' and lower(name) = lower(${name})`);
  return rows.length > 0;
}

export const componentsOf = (tx: Tx, ceremonyIds: string[]) =>
  ceremonyIds.length === 0
    ? Promise.resolve([] as ComponentRow[])
    : rowsOf<ComponentRow>(
        tx,
        sql`select ceremony_id, position, user_id, username, kcv, entered_at from key_ceremony_components
          where ceremony_id = any(${uuidArray(ceremonyIds)}) order by ceremony_id, position`,
      );

export const people = (tx: Tx, userIds: string[]) =>
  userIds.length === 0 ? Promise.resolve([] as Person[]) : rowsOf<Person>(tx, sql`select id as user_id, username from users where id = any(${uuidArray(userIds)})`);

export async function addComponent(tx: Tx, accountId: string, component: Omit<ComponentRow, 'entered_at'>): Promise<void> {
  await tx.execute(sql`insert into key_ceremony_components (account_id, ceremony_id, position, user_id, username, kcv)
    values (${accountId}, ${component.ceremony_id}, ${component.position}, ${component.user_id}, ${component.username}, ${component.kcv})`);
}

export async function setPartial(tx: Tx, id: string, partial: { id: string; ref: string }): Promise<void> {
  await tx.execute(sql`update key_ceremonies set partial_id = ${partial.id}, partial_ref = ${partial.ref} where id = ${id}`);
}

export async function complete(tx: Tx, id: string, key: { id: string; kcv: string }): Promise<void> {
  await tx.execute(sql`update key_ceremonies set state = 'completed', key_id = ${key.id}, kcv = ${key.kcv},
    partial_id = null, partial_ref = null, ended_at = now() where id = ${id}`);
}

export async function end(tx: Tx | Db, id: string, state: 'cancelled' | 'expired', reason: string): Promise<void> {
  await tx.execute(sql`update key_ceremonies set state = ${state}, ended_reason = ${reason},
    partial_id = null, partial_ref = null, ended_at = now() where id = ${id} and state = 'open'`);
}

/** Open ceremonies past their expiry, every account's (the sweep runs in the system scope), held for the sweep. */
export const overdue = (tx: Tx, limit: number) =>
  rowsOf<CeremonyRow>(tx, sql`select * from key_ceremonies where state = 'open' and expires_at <= now() order by expires_at limit ${limit} for update skip locked`);
