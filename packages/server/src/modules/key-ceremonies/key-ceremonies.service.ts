import { randomUUID } from 'node:crypto';
import {
  KeyCeremonyMessages as Say,
  type KeyCeremony,
  type KeyCeremonyOpen,
  type KeyCeremonyPolicy,
  type KeyCustodiansResponse,
} from '@keydeck/contract/key-ceremonies';
import { Messages } from '@keydeck/contract/messages';
import { KEY_ALGORITHM_SHORT, MODES_FOR_USAGE, type KeyAlgorithm } from '@keydeck/contract/payment-keys';
import { iso } from '../../db/raw-sql.ts';
import { csvLine } from '../../platform/csv.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { KeyHandle } from '../../platform/keystore.ts';
import type { KeystoreScope } from '../../platform/keystore-scope.ts';
import { componentKcv, createAssembled, keystoreFailure } from '../payment-keys/symmetric-keys.service.ts';
import * as repo from './key-ceremonies.repository.ts';
import type { CeremonyRow, ComponentRow } from './key-ceremonies.repository.ts';

/** A ceremony call's scope: the keystore's, and who calls (custodians are users, not service groups). */
export type CeremonyScope = KeystoreScope & { userId: string };

const where = (scope: CeremonyScope) => ({ accountId: scope.accountId, serviceId: scope.access.serviceId, actor: scope.actor });

// ---------------------------------------------------------------- custodians and policy

export async function custodians(scope: CeremonyScope): Promise<KeyCustodiansResponse> {
  const serviceId = scope.access.serviceId;
  const [designated, candidates, policy] = await Promise.all([repo.custodians(scope.tx, serviceId), repo.candidates(scope.tx, serviceId), repo.policy(scope.tx, serviceId)]);
  return { custodians: designated.map((c) => ({ ...c, designated_at: iso(c.designated_at) })), candidates, policy };
}

/** Each custodian must be a user of the service holding the Key category; the policy is set with them. */
export async function setCustodians(scope: CeremonyScope, userIds: string[], policy: KeyCeremonyPolicy): Promise<KeyCustodiansResponse> {
  const eligible = new Set((await repo.candidates(scope.tx, scope.access.serviceId)).map((c) => c.user_id));
  const refused = [...new Set(userIds)].filter((id) => !eligible.has(id));
  if (refused.length > 0) {
    const named = new Map((await repo.people(scope.tx, refused)).map((p) => [p.user_id, p.username]));
    throw badRequest({ user_ids: refused.map((id) => Say.custodianNotEligible(named.get(id) ?? id)) });
  }
  await repo.replaceCustodians(scope.tx, where(scope), [...new Set(userIds)]);
  await repo.setPolicy(scope.tx, where(scope), policy);
  return custodians(scope);
}

// ---------------------------------------------------------------- ceremonies

export async function open(scope: CeremonyScope, body: KeyCeremonyOpen): Promise<KeyCeremony> {
  const serviceId = scope.access.serviceId;
  if (!MODES_FOR_USAGE[body.usage].includes(body.mode_of_use)) throw badRequest({ mode_of_use: [Messages.keyModeNotForUsage(body.usage, body.mode_of_use)] });
  if (await repo.openWithName(scope.tx, serviceId, body.name)) throw conflict('ceremony_open', Say.nameInCeremony(body.name), { name: [Say.nameInCeremony(body.name)] });
  const [designated, policy] = await Promise.all([repo.custodians(scope.tx, serviceId), repo.policy(scope.tx, serviceId)]);
  const designatedIds = new Set(designated.map((c) => c.user_id));
  const named = await repo.people(scope.tx, body.custodians);
  const notDesignated = body.custodians.filter((id) => !designatedIds.has(id));
  if (notDesignated.length > 0) {
    throw badRequest({ custodians: notDesignated.map((id) => Say.notDesignated(named.find((p) => p.user_id === id)?.username ?? id)) });
  }
  if (!policy.opener_may_be_custodian && body.custodians.includes(scope.userId)) throw badRequest({ custodians: [Say.openerMayNotEnter] });
  const able = body.custodians.length > 0 ? body.custodians.length : designated.filter((c) => policy.opener_may_be_custodian || c.user_id !== scope.userId).length;
  if (able < body.components) throw badRequest({ custodians: [Say.tooFewCustodians(body.components, able)] });
  const row = await repo.insert(
    scope.tx,
    where(scope),
    {
      name: body.name,
      group_name: body.group,
      algorithm: body.algorithm,
      usage: body.usage,
      mode_of_use: body.mode_of_use,
      exportability: body.exportability,
      version: body.version,
      components_required: body.components,
      custodian_ids: body.custodians,
      opened_by: scope.userId,
      opened_by_name: scope.actor,
    },
    body.expires_in_hours,
  );
  return (await views(scope, [row]))[0]!;
}

export async function list(scope: CeremonyScope): Promise<{ data: KeyCeremony[] }> {
  return { data: await views(scope, await repo.list(scope.tx, scope.access.serviceId)) };
}

export async function get(scope: CeremonyScope, id: string): Promise<KeyCeremony> {
  return (await views(scope, [await found(scope, id)]))[0]!;
}

/**
 * The caller's component: its KCV checked against the one they confirmed, then combined (XOR) with the others in
 * the keystore. The running combination is a keystore key of its own (sealed, or a token object), replaced at each
 * step; the last component makes the key instead, and the combination is destroyed once the change is committed.
 */
export async function enter(scope: CeremonyScope, id: string, entry: { value: string; kcv: string }): Promise<KeyCeremony> {
  const ceremony = await found(scope, id, true);
  const components = await repo.componentsOf(scope.tx, [id]);
  const designated = await repo.custodians(scope.tx, scope.access.serviceId);
  const policy = await repo.policy(scope.tx, scope.access.serviceId);
  const why = whyNot(scope.userId, ceremony, components, designated, policy);
  if (why) throw conflict('ceremony_refused', why);
  const algorithm = ceremony.algorithm as KeyAlgorithm;
  const position = components.length + 1;
  const { kcv } = await componentKcv(algorithm, entry.value);
  if (kcv !== entry.kcv) throw badRequest({ kcv: [Messages.componentKcvMismatch(position, kcv)] });
  if (components.some((c) => c.kcv === kcv)) throw conflict('component_repeated', Say.componentRepeated, { value: [Say.componentRepeated] });
  await repo.addComponent(scope.tx, scope.accountId, { ceremony_id: id, position, user_id: scope.userId, username: scope.actor, kcv });

  const previous: KeyHandle | null = ceremony.partial_ref ? { id: ceremony.partial_id!, algorithm, exportable: true, ref: ceremony.partial_ref } : null;
  const value = Buffer.from(entry.value, 'hex');
  const combined = (sum: Buffer) => {
    const out = Buffer.alloc(sum.length);
    for (let i = 0; i < out.length; i++) out[i] = sum[i]! ^ value[i]!;
    return out;
  };
  let made: KeyHandle | null = null;
  try {
    if (position < ceremony.components_required) {
      const partial = { id: randomUUID(), algorithm, exportable: true };
      const ref = previous
        ? await scope.keystore.withClear(previous, (sum) => scope.keystore.importClear(partial, combined(sum)))
        : await scope.keystore.importClear(partial, Buffer.from(value));
      made = { ...partial, ref };
      await repo.setPartial(scope.tx, id, { id: partial.id, ref });
    } else {
      const signers = [...components, { position, username: scope.actor, kcv }].map((c) => `${c.position} by ${c.username} (KCV ${c.kcv})`).join(', ');
      const detail = `assembled in a key ceremony opened by ${ceremony.opened_by_name}: components ${signers}`;
      const key = await scope.keystore.withClear(previous!, (sum) => createAssembled(scope, assembled(ceremony), combined(sum), detail));
      await repo.complete(scope.tx, id, { id: key.id, kcv: key.kcv });
    }
  } catch (error) {
    if (made) await scope.keystore.destroy(made).catch(() => undefined);
    throw keystoreFailure(error);
  } finally {
    value.fill(0);
  }
  if (previous) scope.afterCommit(() => scope.keystore.destroy(previous));
  return get(scope, id);
}

/** Ends an open ceremony; what its components made so far is destroyed once that is committed. */
export async function cancel(scope: CeremonyScope, id: string, reason: string): Promise<KeyCeremony> {
  const ceremony = await found(scope, id, true);
  const state = stateOf(ceremony);
  if (state !== 'open') throw conflict('ceremony_ended', Say.ended(state));
  await repo.end(scope.tx, id, 'cancelled', Say.cancelled(scope.actor, reason));
  destroyPartial(scope, ceremony);
  return get(scope, id);
}

/** The ceremony record an auditor asks for: every step, who took it and when, with KCVs; never a value. */
export async function record(scope: CeremonyScope, id: string): Promise<{ name: string; csv: string }> {
  const ceremony = await found(scope, id);
  const components = await repo.componentsOf(scope.tx, [id]);
  const named = await repo.people(scope.tx, ceremony.custodian_ids);
  const state = stateOf(ceremony);
  const lines = [
    csvLine(['step', 'at', 'by', 'what', 'kcv']),
    csvLine([
      'opened',
      iso(ceremony.created_at),
      ceremony.opened_by_name,
      `${ceremony.name} in ${ceremony.group_name}: ${KEY_ALGORITHM_SHORT[ceremony.algorithm as KeyAlgorithm]}, usage ${ceremony.usage}, mode of use ${ceremony.mode_of_use}, exportability ${ceremony.exportability}, version ${ceremony.version}; ${ceremony.components_required} components by ${named.length > 0 ? named.map((p) => p.username).join(', ') : 'any designated custodians'}; expires ${iso(ceremony.expires_at)}`,
      '',
    ]),
    ...components.map((c) => csvLine([`component ${c.position}`, iso(c.entered_at), c.username, `component ${c.position} of ${ceremony.components_required}`, c.kcv])),
  ];
  if (state !== 'open') lines.push(csvLine([state, iso(ceremony.ended_at ?? ceremony.expires_at), state === 'completed' ? '' : 'system', ceremony.ended_reason ?? `key ${ceremony.name} created`, ceremony.kcv ?? '']));
  return { name: ceremony.name, csv: lines.join('') };
}

// ---------------------------------------------------------------- helpers

async function found(scope: CeremonyScope, id: string, forUpdate = false): Promise<CeremonyRow> {
  const ceremony = await repo.find(scope.tx, scope.access.serviceId, id, forUpdate);
  if (!ceremony) throw notFound(Say.ceremonyNotFound);
  return ceremony;
}

/** An open ceremony past its expiry is expired, whether or not the sweep has ended it yet. */
const stateOf = (ceremony: CeremonyRow) => (ceremony.state === 'open' && new Date(ceremony.expires_at).valueOf() <= Date.now() ? 'expired' : ceremony.state) as KeyCeremony['state'];

/** Why the user may not enter the next component, or null: each rule is the server's, whatever the screen shows. */
function whyNot(userId: string, ceremony: CeremonyRow, components: ComponentRow[], designated: repo.Person[], policy: KeyCeremonyPolicy): string | null {
  const state = stateOf(ceremony);
  if (state !== 'open') return Say.ended(state);
  if (components.some((c) => c.user_id === userId)) return Say.alreadyEntered;
  if (ceremony.opened_by === userId && !policy.opener_may_be_custodian) return Say.openerMayNotEnter;
  if (!designated.some((c) => c.user_id === userId)) return Say.notCustodian;
  if (ceremony.custodian_ids.length > 0 && !ceremony.custodian_ids.includes(userId)) return Say.notNamedCustodian;
  return null;
}

function destroyPartial(scope: CeremonyScope, ceremony: CeremonyRow): void {
  if (!ceremony.partial_ref) return;
  const handle = { id: ceremony.partial_id!, algorithm: ceremony.algorithm as KeyAlgorithm, exportable: true, ref: ceremony.partial_ref };
  scope.afterCommit(() => scope.keystore.destroy(handle));
}

const assembled = (c: CeremonyRow) => ({
  name: c.name,
  group: c.group_name,
  algorithm: c.algorithm as KeyAlgorithm,
  usage: c.usage as never,
  mode_of_use: c.mode_of_use as never,
  exportability: c.exportability as never,
  version: c.version,
});

async function views(scope: CeremonyScope, rows: CeremonyRow[]): Promise<KeyCeremony[]> {
  const serviceId = scope.access.serviceId;
  const [components, designated, policy, named] = await Promise.all([
    repo.componentsOf(scope.tx, rows.map((r) => r.id)),
    repo.custodians(scope.tx, serviceId),
    repo.policy(scope.tx, serviceId),
    repo.people(scope.tx, [...new Set(rows.flatMap((r) => r.custodian_ids))]),
  ]);
  return rows.map((row) => {
    const own = components.filter((c) => c.ceremony_id === row.id);
    const why = whyNot(scope.userId, row, own, designated, policy);
    return {
      id: row.id,
      name: row.name,
      group: row.group_name,
      algorithm: row.algorithm as KeyAlgorithm,
      usage: row.usage,
      mode_of_use: row.mode_of_use,
      exportability: row.exportability,
      version: row.version,
      components_required: row.components_required,
      custodians: row.custodian_ids.map((id) => named.find((p) => p.user_id === id) ?? { user_id: id, username: '(removed user)' }),
      opened_by: row.opened_by_name,
      state: stateOf(row),
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      ended_at: iso(row.ended_at),
      ended_reason: row.ended_reason ?? (stateOf(row) === 'expired' ? Say.expired : null),
      components: own.map((c) => ({ position: c.position, custodian: c.username, kcv: c.kcv, entered_at: iso(c.entered_at) })),
      kcv: row.kcv,
      you: { may_enter: why === null, why_not: why },
    };
  });
}
