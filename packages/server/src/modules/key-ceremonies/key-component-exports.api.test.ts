import { ApiPath, apiPath } from '@keydeck/contract/http';
import { KeyCeremonyMessages as Say, keyComponentExport, keyComponentExportsResponse, revealedComponent } from '@keydeck/contract/key-ceremonies';
import { Messages } from '@keydeck/contract/messages';
import { symmetricKeyHistoryResponse, symmetricKeysResponse } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { SoftHsmToken } from '../../../test/softhsm.ts';
import type { TestApp, Visitor } from '../../../test/test-app.ts';
import { KEYSTORES, opensslKcv, startCeremonyService, tokenLabels as tokenLabelsOf, type CeremonyService } from './key-ceremonies.test-helper.ts';

/** The XOR of components given in hex: the key they were split from. */
function xorOf(values: string[]): string {
  const sum = Buffer.alloc(values[0]!.length / 2);
  for (const value of values) {
    const bytes = Buffer.from(value, 'hex');
    for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! ^ bytes[i]!;
  }
  return sum.toString('hex').toUpperCase();
}

describe.each(KEYSTORES)('key component exports on the %s keystore', (keystore) => {
  let service: CeremonyService;
  let t: TestApp;
  let token: SoftHsmToken | undefined;
  let admin: Visitor;
  let outsider: Visitor;
  let custodian: CeremonyService['custodian'];
  let ids: CeremonyService['ids'];
  const exportOf = (id: string) => apiPath(ApiPath.keyComponentExport, { export_id: id });
  const reveal = (who: Visitor, id: string) => who.post(apiPath(ApiPath.keyComponentExportReveal, { export_id: id }));
  const cancel = (who: Visitor, id: string, reason: string) => who.post(apiPath(ApiPath.keyComponentExportCancel, { export_id: id }), { reason });

  const generate = async (name: string, algorithm: string, exportability: string) => {
    const row = { source: 'generate', name, group: 'Keys', algorithm, usage: 'K0', mode_of_use: 'B', exportability };
    const res = await admin.post(ApiPath.symmetricKeys, { symmetric_keys: [row] });
    expect([res.statusCode, res.json().results[0].success], res.body).toEqual([200, true]);
    return symmetricKeysResponse.parse((await admin.get(`${ApiPath.symmetricKeys}?search=${encodeURIComponent(name)}`)).json()).data[0]!;
  };
  const open = async (key: string, custodians: string[], extra: object = {}) => {
    const res = await admin.post(ApiPath.keyComponentExports, { key, custodians, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return keyComponentExport.parse(res.json());
  };
  /** What the rows hold of an export's components: their keystore ids and references. */
  const stored = (id: string) =>
    queryRows<{ position: number; component_id: string | null; component_ref: string | null; revealed: boolean }>(
      t.database.db,
      sql`select position, component_id, component_ref, revealed_at is not null as revealed from key_exported_components where export_id = ${id} order by position`,
    );
  const tokenLabels = () => tokenLabelsOf(token!);

  beforeAll(async () => {
    service = await startCeremonyService(keystore);
    ({ t, token, admin, custodian, outsider, ids } = service);
    const policy = { opener_may_be_custodian: false, single_operator_entry: false };
    const designated = await admin.call({ method: 'PUT', url: ApiPath.keyCustodians, payload: { user_ids: [ids.alice, ids.bob, ids.carol], policy } });
    expect(designated.statusCode, designated.body).toBe(200);
  });
  afterAll(() => service?.close());

  it('gives each of three custodians their own component, once, in their own session; the components make the key', async () => {
    const key = await generate('Transport KEK', 'TDES_3KEY', 'E');
    const made = await open('Transport KEK', [ids.alice!, ids.bob!, ids.carol!]);
    expect(made).toMatchObject({ key: 'Transport KEK', kcv: key.kcv, state: 'open', opened_by: 'acme-admin', ended_at: null });
    expect(made.custodians.map((c) => c.username)).toEqual(['alice', 'bob', 'carol']);
    expect(made.components.map((c) => [c.position, c.custodian, c.revealed_at])).toEqual([[1, 'alice', null], [2, 'bob', null], [3, 'carol', null]]);
    // The opener sees the KCVs, but may reveal nothing.
    expect(made.components.map((c) => c.you)).toEqual(Array(3).fill({ may_reveal: false, why_not: Say.notYourComponent }));
    const rows = await stored(made.id);
    expect(rows.every((r) => r.component_ref !== null && !r.revealed)).toBe(true);
    if (keystore === 'pkcs11') expect(tokenLabels()).toEqual(expect.arrayContaining(rows.map((r) => r.component_id)));

    // Each custodian sees only that their own component waits for them.
    const seenByBob = keyComponentExport.parse((await custodian.bob.get(exportOf(made.id))).json());
    expect(seenByBob.components.map((c) => c.you.may_reveal)).toEqual([false, true, false]);
    expect(seenByBob.components[0]!.you.why_not).toBe(Say.notYourComponent);

    // Someone who holds no component of it is refused: the opener, and a user without the Key category at all.
    const byAdmin = await reveal(admin, made.id);
    expect([byAdmin.statusCode, byAdmin.json().message]).toEqual([409, Say.noComponentForYou]);
    expect((await reveal(custodian.dave, made.id)).statusCode).toBe(403);

    const revealed = [];
    for (const [who, position] of [[custodian.alice, 1], [custodian.bob, 2], [custodian.carol, 3]] as const) {
      const res = await reveal(who, made.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const component = revealedComponent.parse(res.json());
      expect(component.position).toBe(position);
      expect(component.value).toMatch(/^[0-9A-F]{48}$/);
      expect(component.kcv).toBe(opensslKcv(component.value));
      expect(component.kcv).toBe(made.components[position - 1]!.kcv);
      // Once: a second call is refused, and the row no longer points at anything.
      const again = await reveal(who, made.id);
      expect([again.statusCode, again.json().message]).toEqual([409, Say.alreadyRevealed]);
      expect((await stored(made.id))[position - 1]).toMatchObject({ component_id: null, component_ref: null, revealed: true });
      if (keystore === 'pkcs11') expect(tokenLabels()).not.toContain(rows[position - 1]!.component_id);
      revealed.push(component);
    }
    expect(new Set(revealed.map((c) => c.value)).size).toBe(3);
    // The components' XOR is the key: its KCV, by openssl, is the key's.
    expect(opensslKcv(xorOf(revealed.map((c) => c.value)))).toBe(key.kcv);

    const done = keyComponentExport.parse((await admin.get(exportOf(made.id))).json());
    expect(done.state).toBe('completed');
    expect(done.components.every((c) => c.revealed_at !== null)).toBe(true);
    const history = symmetricKeyHistoryResponse.parse((await admin.get(`${ApiPath.symmetricKeyHistory}?key=Transport%20KEK`)).json());
    expect(history.events[0]!.detail).toBe(
      `as 3 components in an export opened by acme-admin: 1 to alice (KCV ${revealed[0]!.kcv}), 2 to bob (KCV ${revealed[1]!.kcv}), 3 to carol (KCV ${revealed[2]!.kcv})`,
    );
    const audit = await queryRows<{ action: string; actor_username: string; target: string; outcome: string }>(
      t.database.db,
      sql`select action, actor_username, target, outcome from audit_events where action like 'key_component_export.%' order by seq`,
    );
    expect(audit.filter((a) => a.outcome === 'success').map((a) => [a.action, a.actor_username])).toEqual([
      ['key_component_export.open', 'acme-admin'],
      ['key_component_export.reveal', 'alice'],
      ['key_component_export.reveal', 'bob'],
      ['key_component_export.reveal', 'carol'],
    ]);
    expect(audit[0]!.target).toBe(
      `Payments HSM: export of Transport KEK (KCV ${key.kcv}) as components 1 to alice (KCV ${revealed[0]!.kcv}), 2 to bob (KCV ${revealed[1]!.kcv}), 3 to carol (KCV ${revealed[2]!.kcv})`,
    );
    expect(audit.find((a) => a.actor_username === 'bob' && a.outcome === 'success')!.target).toBe(
      `Payments HSM: export of Transport KEK (KCV ${key.kcv}): component 2 revealed, KCV ${revealed[1]!.kcv}`,
    );
    // Nothing of a component is in any row or event: only KCVs.
    const everything =
      JSON.stringify(await queryRows(t.database.db, sql`select * from key_exported_components`)) +
      JSON.stringify(await queryRows(t.database.db, sql`select * from key_component_exports`)) +
      JSON.stringify(await queryRows(t.database.db, sql`select target, reason from audit_events`)) +
      JSON.stringify(await queryRows(t.database.db, sql`select detail from symmetric_key_events`));
    for (const component of revealed) expect(everything).not.toContain(component.value);
  });

  it('keeps to the named custodians and the opener rule, and exports only an exportable key', async () => {
    const key = await generate('Zone AES', 'AES_256', 'S');
    const made = await open('Zone AES', [ids.bob!, ids.carol!]);
    expect(made.components.map((c) => c.custodian)).toEqual(['bob', 'carol']);
    const byAlice = await reveal(custodian.alice, made.id);
    expect([byAlice.statusCode, byAlice.json().message]).toEqual([409, Say.noComponentForYou]);
    // Two reveals at once by the same custodian: the export's row is locked, so one answers and the other is refused.
    const raced = await Promise.all([reveal(custodian.carol, made.id), reveal(custodian.carol, made.id)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const values = [revealedComponent.parse(raced.find((r) => r.statusCode === 200)!.json()).value];
    values.push(revealedComponent.parse((await reveal(custodian.bob, made.id)).json()).value);
    expect(opensslKcv(xorOf(values))).toBe(key.kcv);

    await generate('Local PIN key', 'TDES_2KEY', 'N');
    const refused = await admin.post(ApiPath.keyComponentExports, { key: 'Local PIN key', custodians: [ids.alice, ids.bob] });
    expect([refused.statusCode, refused.json().message]).toEqual([409, Messages.keyNotExportable('Local PIN key')]);
    const notDesignated = await admin.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids.alice, ids.dave] });
    expect([notDesignated.statusCode, notDesignated.json().errors.custodians]).toEqual([400, [Say.notDesignated('dave')]]);
    const twice = await admin.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids.alice, ids.alice] });
    expect(twice.statusCode).toBe(400);
    const one = await admin.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids.alice] });
    expect(one.statusCode).toBe(400);
    // A custodian holding the Key category only at View may not open one.
    expect((await custodian.alice.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids.bob, ids.carol] })).statusCode).toBe(403);
    // The opener may be a custodian only where the policy allows it.
    const policy = { opener_may_be_custodian: false, single_operator_entry: false };
    await admin.call({ method: 'PUT', url: ApiPath.keyCustodians, payload: { user_ids: [ids.alice, ids.bob, ids.carol, ids['acme-admin']], policy } });
    const opener = await admin.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids['acme-admin'], ids.bob] });
    expect([opener.statusCode, opener.json().errors.custodians]).toEqual([400, [Say.openerMayNotHold]]);
    await admin.call({ method: 'PUT', url: ApiPath.keyCustodians, payload: { user_ids: [ids.alice, ids.bob, ids.carol], policy } });
    const audit = await queryRows<{ outcome: string }>(t.database.db, sql`select outcome from audit_events where action = 'key_component_export.open' and target like '%Local PIN key%'`);
    expect(audit).toEqual([{ outcome: 'refused' }]);
  });

  it('leaves nothing of the components not revealed when an export is cancelled or expires', async () => {
    await generate('Cancelled KEK', 'AES_256', 'E');
    const cancelled = await open('Cancelled KEK', [ids.alice!, ids.bob!, ids.carol!]);
    expect((await reveal(custodian.alice, cancelled.id)).statusCode).toBe(200);
    const before = await stored(cancelled.id);
    expect(before.map((r) => r.component_ref !== null)).toEqual([false, true, true]);
    expect((await cancel(custodian.bob, cancelled.id, 'no')).statusCode).toBe(403); // Key at View
    const res = await cancel(admin, cancelled.id, 'Receiving HSM not ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(keyComponentExport.parse(res.json())).toMatchObject({ state: 'cancelled', ended_reason: Say.cancelled('acme-admin', 'Receiving HSM not ready') });
    expect((await stored(cancelled.id)).map((r) => [r.component_id, r.component_ref])).toEqual([[null, null], [null, null], [null, null]]);
    if (keystore === 'pkcs11') for (const r of before) expect(tokenLabels()).not.toContain(r.component_id);
    const late = await reveal(custodian.bob, cancelled.id);
    expect([late.statusCode, late.json().message]).toEqual([409, Say.exportEnded('cancelled')]);
    const cancelAudit = await queryRows<{ target: string }>(t.database.db, sql`select target from audit_events where action = 'key_component_export.cancel' and outcome = 'success'`);
    expect(cancelAudit[0]!.target).toContain('Receiving HSM not ready; components destroyed unrevealed: 2 of bob');

    await generate('Expiring KEK', 'TDES_2KEY', 'E');
    const expiring = await open('Expiring KEK', [ids.alice!, ids.bob!], { expires_in_hours: 1 });
    const waiting = await stored(expiring.id);
    if (keystore === 'pkcs11') expect(tokenLabels()).toEqual(expect.arrayContaining(waiting.map((r) => r.component_id)));
    await queryRows(t.database.db, sql`update key_component_exports set expires_at = now() - interval '1 second' where id = ${expiring.id}`);
    // Past its expiry nothing is revealed, even before the sweep has ended it.
    const tooLate = await reveal(custodian.alice, expiring.id);
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([409, Say.exportEnded('expired')]);
    expect(await t.keyCeremonies.tick()).toBe(1);
    expect((await stored(expiring.id)).map((r) => [r.component_id, r.component_ref, r.revealed])).toEqual([[null, null, false], [null, null, false]]);
    if (keystore === 'pkcs11') for (const r of waiting) expect(tokenLabels()).not.toContain(r.component_id);
    const audit = await queryRows<{ actor_username: string; target: string }>(t.database.db, sql`select actor_username, target from audit_events where action = 'key_component_export.expire'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_username).toBe('system');
    expect(audit[0]!.target).toContain('Payments HSM: export of Expiring KEK');
    const list = keyComponentExportsResponse.parse((await custodian.alice.get(ApiPath.keyComponentExports)).json()).data;
    expect(list.find((e) => e.id === expiring.id)).toMatchObject({ state: 'expired', ended_reason: Say.exportExpired });
  });

  it('shows another account nothing of an export', async () => {
    const { data } = keyComponentExportsResponse.parse((await admin.get(ApiPath.keyComponentExports)).json());
    const some = data[0]!;
    expect(keyComponentExportsResponse.parse((await outsider.get(ApiPath.keyComponentExports)).json()).data).toEqual([]);
    expect((await outsider.get(exportOf(some.id))).statusCode).toBe(404);
    expect((await reveal(outsider, some.id)).statusCode).toBe(404);
    expect((await cancel(outsider, some.id, 'x')).statusCode).toBe(404);
    expect((await outsider.post(ApiPath.keyComponentExports, { key: 'Zone AES', custodians: [ids.alice, ids.bob] })).statusCode).toBe(400);
  });
});
