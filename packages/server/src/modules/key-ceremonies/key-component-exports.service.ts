import {
  KeyCeremonyMessages as Say,
  type KeyComponentExport,
  type KeyComponentExportOpen,
  type RevealedComponent,
} from '@keydeck/contract/key-ceremonies';
import type { KeyAlgorithm } from '@keydeck/contract/payment-keys';
import { iso } from '../../db/raw-sql.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { KeyHandle } from '../../platform/keystore.ts';
import { keystoreFailure, splitIntoComponents } from '../payment-keys/symmetric-keys.service.ts';
import * as ceremonies from './key-ceremonies.repository.ts';
import type { CeremonyScope } from './key-ceremonies.service.ts';
import * as repo from './key-component-exports.repository.ts';
import type { ExportRow, ExportedComponentRow } from './key-component-exports.repository.ts';

const where = (scope: CeremonyScope) => ({ accountId: scope.accountId, serviceId: scope.access.serviceId });

/**
 * Exports an exportable key as one component for each named custodian (two or three, designated, distinct; the
 * opener among them only if the service's policy allows). The components are made from the key's clear value in
 * the keystore and stored there, one keystore key each; the rows keep their references and KCVs, never a value.
 */
export async function open(scope: CeremonyScope, body: KeyComponentExportOpen): Promise<KeyComponentExport> {
  const serviceId = scope.access.serviceId;
  const [designated, policy, named] = await Promise.all([
    ceremonies.custodians(scope.tx, serviceId),
    ceremonies.policy(scope.tx, serviceId),
    ceremonies.people(scope.tx, body.custodians),
  ]);
  const nameOf = (id: string) => named.find((p) => p.user_id === id)?.username ?? id;
  const notDesignated = body.custodians.filter((id) => !designated.some((c) => c.user_id === id));
  if (notDesignated.length > 0) throw badRequest({ custodians: notDesignated.map((id) => Say.notDesignated(nameOf(id))) });
  if (!policy.opener_may_be_custodian && body.custodians.includes(scope.userId)) throw badRequest({ custodians: [Say.openerMayNotHold] });

  const usernames = body.custodians.map(nameOf);
  const { key, components } = await splitIntoComponents(scope, body.key, usernames, scope.actor);
  // The components are in the keystore now: if the rows cannot be written, the transaction rolls back and they go.
  try {
    const row = await repo.insert(
      scope.tx,
      where(scope),
      { key_id: key.id, key_name: key.name, algorithm: key.algorithm, kcv: key.kcv, custodian_ids: body.custodians, opened_by: scope.userId, opened_by_name: scope.actor },
      body.expires_in_hours,
    );
    for (const [i, component] of components.entries()) {
      await repo.addComponent(scope.tx, scope.accountId, {
        export_id: row.id,
        position: i + 1,
        user_id: body.custodians[i]!,
        username: usernames[i]!,
        kcv: component.kcv,
        component_id: component.handle.id,
        component_ref: component.handle.ref,
      });
    }
    return (await views(scope, [row]))[0]!;
  } catch (error) {
    for (const { handle } of components) await scope.keystore.destroy(handle).catch(() => undefined);
    throw error;
  }
}

export async function list(scope: CeremonyScope): Promise<{ data: KeyComponentExport[] }> {
  return { data: await views(scope, await repo.list(scope.tx, scope.access.serviceId)) };
}

export async function get(scope: CeremonyScope, id: string): Promise<KeyComponentExport> {
  return (await views(scope, [await found(scope, id)]))[0]!;
}

/** The export's key and state in words, read before a step for its audit event ("export of Lane KEK"). */
export async function auditLabel(scope: CeremonyScope, id: string): Promise<string> {
  const row = await repo.find(scope.tx, scope.access.serviceId, id);
  return row ? `export of ${row.key_name} (KCV ${row.kcv})` : `export ${id}`;
}

/**
 * The caller's own component, once: the export is locked so two reveals cannot race; the component is read from
 * the keystore, its reveal recorded and its reference nulled in the same transaction, and its keystore key
 * destroyed once that is committed. The last one revealed completes the export.
 */
export async function reveal(scope: CeremonyScope, id: string): Promise<RevealedComponent> {
  const row = await found(scope, id, true);
  const components = await repo.componentsOf(scope.tx, [id]);
  const mine = components.find((c) => c.user_id === scope.userId);
  const designated = await ceremonies.custodians(scope.tx, scope.access.serviceId);
  const why = mine ? whyNot(scope.userId, row, mine, designated) : stateOf(row) !== 'open' ? Say.exportEnded(stateOf(row)) : Say.noComponentForYou;
  if (why || !mine?.component_ref) throw conflict('component_refused', why ?? Say.alreadyRevealed);
  const handle: KeyHandle = { id: mine.component_id!, algorithm: row.algorithm as KeyAlgorithm, exportable: true, ref: mine.component_ref };
  let value: string;
  try {
    value = await scope.keystore.withClear(handle, (clear) => clear.toString('hex').toUpperCase());
  } catch (error) {
    throw keystoreFailure(error);
  }
  await repo.revealed(scope.tx, id, mine.position);
  if (components.every((c) => c.position === mine.position || c.revealed_at !== null)) await repo.complete(scope.tx, id);
  scope.afterCommit(() => scope.keystore.destroy(handle));
  return { position: mine.position, value, kcv: mine.kcv };
}

/** Ends an open export; its components not revealed are destroyed once that is committed. */
export async function cancel(scope: CeremonyScope, id: string, reason: string): Promise<KeyComponentExport> {
  const row = await found(scope, id, true);
  const state = stateOf(row);
  if (state !== 'open') throw conflict('export_ended', Say.exportEnded(state));
  const waiting = unrevealed(row, await repo.componentsOf(scope.tx, [id]));
  await repo.end(scope.tx, id, 'cancelled', Say.cancelled(scope.actor, reason));
  for (const handle of waiting) scope.afterCommit(() => scope.keystore.destroy(handle));
  return get(scope, id);
}

/** The keystore keys of an export's components not revealed yet. */
export const unrevealed = (row: ExportRow, components: ExportedComponentRow[]): KeyHandle[] =>
  components
    .filter((c) => c.component_ref !== null)
    .map((c) => ({ id: c.component_id!, algorithm: row.algorithm as KeyAlgorithm, exportable: true, ref: c.component_ref! }));

// ---------------------------------------------------------------- helpers

async function found(scope: CeremonyScope, id: string, forUpdate = false): Promise<ExportRow> {
  const row = await repo.find(scope.tx, scope.access.serviceId, id, forUpdate);
  if (!row) throw notFound(Say.exportNotFound);
  return row;
}

/** An open export past its expiry is expired, whether or not the sweep has ended it yet. */
const stateOf = (row: ExportRow) => (row.state === 'open' && new Date(row.expires_at).valueOf() <= Date.now() ? 'expired' : row.state) as KeyComponentExport['state'];

/** Why the user may not reveal this component, or null: only its own custodian, once, while the export is open. */
function whyNot(userId: string, row: ExportRow, component: ExportedComponentRow, designated: ceremonies.Person[]): string | null {
  if (component.user_id !== userId) return Say.notYourComponent;
  if (component.revealed_at) return Say.alreadyRevealed;
  const state = stateOf(row);
  if (state !== 'open') return Say.exportEnded(state);
  if (!designated.some((c) => c.user_id === userId)) return Say.notCustodian;
  return null;
}

async function views(scope: CeremonyScope, rows: ExportRow[]): Promise<KeyComponentExport[]> {
  const [components, designated, named] = await Promise.all([
    repo.componentsOf(scope.tx, rows.map((r) => r.id)),
    ceremonies.custodians(scope.tx, scope.access.serviceId),
    ceremonies.people(scope.tx, [...new Set(rows.flatMap((r) => r.custodian_ids))]),
  ]);
  return rows.map((row) => {
    const state = stateOf(row);
    return {
      id: row.id,
      key: row.key_name,
      algorithm: row.algorithm as KeyAlgorithm,
      kcv: row.kcv,
      custodians: row.custodian_ids.map((id) => named.find((p) => p.user_id === id) ?? { user_id: id, username: '(removed user)' }),
      opened_by: row.opened_by_name,
      state,
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      ended_at: iso(row.ended_at),
      ended_reason: row.ended_reason ?? (state === 'expired' ? Say.exportExpired : null),
      components: components
        .filter((c) => c.export_id === row.id)
        .map((c) => {
          const why = whyNot(scope.userId, row, c, designated);
          return { position: c.position, custodian: c.username, kcv: c.kcv, revealed_at: iso(c.revealed_at), you: { may_reveal: why === null, why_not: why } };
        }),
    };
  });
}
