import { randomBytes } from 'node:crypto';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { KeyCeremonyMessages as Say, keyCeremoniesResponse, keyCeremony, keyCustodiansResponse, type KeyCeremony } from '@keydeck/contract/key-ceremonies';
import { Messages } from '@keydeck/contract/messages';
import { symmetricKeyHistoryResponse, symmetricKeysResponse } from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { SoftHsmToken } from '../../../test/softhsm.ts';
import type { TestApp, Visitor } from '../../../test/test-app.ts';
import { KEYSTORES, opensslKcv, startCeremonyService, tokenLabels as tokenLabelsOf, type CeremonyService } from './key-ceremonies.test-helper.ts';

/** A known key split as a ceremony's paperwork splits it: random components and the XOR rest, each with its KCV. */
function componentsOf(keyHex: string, count: number) {
  const key = Buffer.from(keyHex, 'hex');
  const random = Array.from({ length: count - 1 }, () => randomBytes(key.length));
  const last = Buffer.from(key);
  for (const r of random) for (let i = 0; i < last.length; i++) last[i]! ^= r[i]!;
  return [...random, last].map((c) => c.toString('hex').toUpperCase()).map((value) => ({ value, kcv: opensslKcv(value) }));
}

const TDES_BDK = '0123456789ABCDEFFEDCBA9876543210'; // ANSI X9.24-1 test BDK; its KCV is the published 08D7B4
const AES_KEK = randomBytes(32).toString('hex').toUpperCase();
describe.each(KEYSTORES)('key ceremonies on the %s keystore', (keystore) => {
  let service: CeremonyService;
  let t: TestApp;
  let token: SoftHsmToken | undefined;
  let admin: Visitor;
  let outsider: Visitor;
  let custodian: CeremonyService['custodian'];
  let ids: CeremonyService['ids'];
  const put = (visitor: Visitor, url: string, payload: object) => visitor.call({ method: 'PUT', url, payload });
  const ceremonyOf = (id: string) => apiPath(ApiPath.keyCeremony, { ceremony_id: id });

  const open = async (body: object) => {
    const res = await admin.post(ApiPath.keyCeremonies, { group: 'Keys', usage: 'B0', mode_of_use: 'X', exportability: 'N', version: '00', custodians: [], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return keyCeremony.parse(res.json());
  };
  const enter = (who: Visitor, id: string, component: { value: string; kcv: string }) =>
    who.post(apiPath(ApiPath.keyCeremonyComponent, { ceremony_id: id }), component);
  const recorded = (id: string) =>
    queryRows<{ partial_id: string | null; partial_ref: string | null; state: string }>(t.database.db, sql`select partial_id, partial_ref, state from key_ceremonies where id = ${id}`);
  const tokenLabels = () => tokenLabelsOf(token!);

  beforeAll(async () => {
    service = await startCeremonyService(keystore);
    ({ t, token, admin, custodian, outsider, ids } = service);
  });
  afterAll(() => service?.close());

  it('designates custodians among the users holding the Key category, and audits it', async () => {
    const before = keyCustodiansResponse.parse((await admin.get(ApiPath.keyCustodians)).json());
    expect(before.custodians).toEqual([]);
    expect(before.candidates.map((c) => c.username)).toEqual(['acme-admin', 'alice', 'bob', 'carol']);
    expect(before.policy).toEqual({ opener_may_be_custodian: false, single_operator_entry: false });

    const policy = { opener_may_be_custodian: false, single_operator_entry: false };
    const refused = await put(admin, ApiPath.keyCustodians, { user_ids: [ids.alice, ids.dave], policy });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.user_ids).toEqual([Say.custodianNotEligible('dave')]);
    expect(keyCustodiansResponse.parse((await admin.get(ApiPath.keyCustodians)).json()).custodians).toEqual([]);
    // A custodian cannot designate custodians: that is the service's user administrators' (User category).
    expect((await put(custodian.alice, ApiPath.keyCustodians, { user_ids: [ids.alice, ids.bob], policy })).statusCode).toBe(403);

    const res = await put(admin, ApiPath.keyCustodians, { user_ids: [ids.alice, ids.bob, ids.carol], policy });
    expect(res.statusCode, res.body).toBe(200);
    const after = keyCustodiansResponse.parse(res.json());
    expect(after.custodians.map((c) => [c.username, c.designated_by])).toEqual([['alice', 'acme-admin'], ['bob', 'acme-admin'], ['carol', 'acme-admin']]);
    const audit = await queryRows<{ target: string; outcome: string }>(t.database.db, sql`select target, outcome from audit_events where action = 'key_custodians.update' order by seq`);
    expect(audit.map((a) => a.outcome)).toEqual(['refused', 'refused', 'success']);
    expect(audit.at(-1)!.target).toContain('key custodians alice, bob, carol; opener may be custodian off; single-operator component entry off');
  });

  it('refuses the one-screen component import unless the policy allows single-operator entry', async () => {
    const components = componentsOf(AES_KEK, 2);
    const row = { source: 'components', name: 'One screen KEK', group: 'Keys', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', exportability: 'E', components };
    const refused = await admin.post(ApiPath.symmetricKeys, { symmetric_keys: [row] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(Say.singleOperatorOff);
    expect((await admin.get(`${ApiPath.symmetricKeys}?search=One%20screen`)).json().data).toEqual([]);
  });

  it('assembles a BDK from three components entered by three custodians in their own sessions', async () => {
    const ceremony = await open({ name: 'Lane BDK', algorithm: 'TDES_2KEY', components: 3 });
    expect(ceremony).toMatchObject({ state: 'open', components_required: 3, custodians: [], opened_by: 'acme-admin', components: [], kcv: null });
    // The opener may not enter a component under the default policy, nor may someone who is not a custodian.
    expect(ceremony.you).toEqual({ may_enter: false, why_not: Say.openerMayNotEnter });
    const parts = componentsOf(TDES_BDK, 3);
    const byAdmin = await enter(admin, ceremony.id, parts[0]!);
    expect([byAdmin.statusCode, byAdmin.json().message]).toEqual([409, Say.openerMayNotEnter]);
    const byDave = await enter(custodian.dave, ceremony.id, parts[0]!);
    expect(byDave.statusCode).toBe(403); // no Key category at all

    const first = await enter(custodian.alice, ceremony.id, parts[0]!);
    expect(first.statusCode, first.body).toBe(200);
    expect(keyCeremony.parse(first.json()).components).toEqual([expect.objectContaining({ position: 1, custodian: 'alice', kcv: parts[0]!.kcv })]);
    // The same custodian may not enter a second component, whatever its value.
    const twice = await enter(custodian.alice, ceremony.id, parts[1]!);
    expect([twice.statusCode, twice.json().message]).toEqual([409, Say.alreadyEntered]);
    // A KCV that does not match the value changes nothing.
    const mistyped = await enter(custodian.bob, ceremony.id, { value: parts[1]!.value, kcv: '000000' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().errors.kcv).toEqual([Messages.componentKcvMismatch(2, parts[1]!.kcv)]);
    // A custodian checks their component's KCV with the server first (Key at View is enough), then enters it.
    const checked = await custodian.bob.post(ApiPath.componentKcv, { algorithm: 'TDES_2KEY', value: parts[1]!.value });
    expect([checked.statusCode, checked.json().kcv]).toEqual([200, parts[1]!.kcv]);
    expect((await enter(custodian.bob, ceremony.id, parts[1]!)).statusCode).toBe(200);
    const partial = (await recorded(ceremony.id))[0]!;
    expect(partial.partial_ref).not.toBeNull();
    if (keystore === 'pkcs11') expect(tokenLabels()).toContain(partial.partial_id);

    const last = await enter(custodian.carol, ceremony.id, parts[2]!);
    expect(last.statusCode, last.body).toBe(200);
    const done = keyCeremony.parse(last.json());
    expect(done).toMatchObject({ state: 'completed', kcv: '08D7B4' });
    expect(done.components.map((c) => c.custodian)).toEqual(['alice', 'bob', 'carol']);
    // Every participant sees the result's KCV in their own session.
    for (const who of [admin, custodian.alice, custodian.bob]) expect(keyCeremony.parse((await who.get(ceremonyOf(ceremony.id))).json()).kcv).toBe('08D7B4');
    // The combination is gone from the row and from the token; the key is a key like any other.
    expect(await recorded(ceremony.id)).toEqual([{ partial_id: null, partial_ref: null, state: 'completed' }]);
    if (keystore === 'pkcs11') expect(tokenLabels()).not.toContain(partial.partial_id);
    const key = symmetricKeysResponse.parse((await admin.get(`${ApiPath.symmetricKeys}?search=Lane%20BDK`)).json()).data[0]!;
    expect(key).toMatchObject({ name: 'Lane BDK', kcv: '08D7B4', origin: 'components', usage: 'B0', exportability: 'N' });
    const history = symmetricKeyHistoryResponse.parse((await admin.get(`${ApiPath.symmetricKeyHistory}?key=Lane%20BDK`)).json());
    expect(history.events[0]!.detail).toBe(
      `assembled in a key ceremony opened by acme-admin: components 1 by alice (KCV ${parts[0]!.kcv}), 2 by bob (KCV ${parts[1]!.kcv}), 3 by carol (KCV ${parts[2]!.kcv})`,
    );
    const audit = await queryRows<{ actor_username: string; target: string }>(t.database.db, sql`select actor_username, target from audit_events where action = 'key_ceremony.component' and outcome = 'success' order by seq`);
    expect(audit.map((a) => a.actor_username)).toEqual(['alice', 'bob', 'carol']);
    expect(audit.at(-1)!.target).toBe(`Payments HSM: ceremony for Lane BDK: component 3 of 3, KCV ${parts[2]!.kcv}; key Lane BDK created, KCV 08D7B4`);
    // Nothing of a component is in any row or event: only KCVs.
    const everything = JSON.stringify(await queryRows(t.database.db, sql`select * from key_ceremony_components`)) + JSON.stringify(await queryRows(t.database.db, sql`select target, reason from audit_events`));
    for (const part of parts) expect(everything).not.toContain(part.value);

    const record = await admin.get(apiPath(ApiPath.keyCeremonyRecord, { ceremony_id: ceremony.id }));
    expect(record.headers['content-type']).toContain('text/csv');
    const lines = record.body.trim().split('\r\n').length > 1 ? record.body.trim().split('\r\n') : record.body.trim().split('\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['step', 'opened', 'component 1', 'component 2', 'component 3', 'completed']);
    expect(lines.at(-1)).toContain('08D7B4');
  });

  it('keeps to the named custodians, and refuses a ceremony that too few could finish', async () => {
    const named = await open({ name: 'Named KEK', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', components: 2, custodians: [ids.bob, ids.carol] });
    expect(named.custodians.map((c) => c.username)).toEqual(['bob', 'carol']);
    const parts = componentsOf(AES_KEK, 2);
    const byAlice = await enter(custodian.alice, named.id, parts[0]!);
    expect([byAlice.statusCode, byAlice.json().message]).toEqual([409, Say.notNamedCustodian]);
    expect((await enter(custodian.bob, named.id, parts[0]!)).statusCode).toBe(200);
    const done = keyCeremony.parse((await enter(custodian.carol, named.id, parts[1]!)).json());
    expect(done.kcv).toBe(opensslKcv(AES_KEK));

    const tooMany = await admin.post(ApiPath.keyCeremonies, { name: 'Four', group: 'Keys', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', exportability: 'N', components: 3, custodians: [ids['acme-admin'], ids.bob, ids.carol] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.custodians).toEqual([Say.notDesignated('acme-admin')]);
  });

  it('destroys what a cancelled or expired ceremony made, leaving only the KCVs', async () => {
    const parts = componentsOf(AES_KEK, 3);
    const cancelled = await open({ name: 'Cancelled KEK', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', components: 3 });
    expect((await enter(custodian.alice, cancelled.id, parts[0]!)).statusCode).toBe(200);
    const [withPartial] = await recorded(cancelled.id);
    expect(withPartial!.partial_ref).not.toBeNull();
    const res = await admin.post(apiPath(ApiPath.keyCeremonyCancel, { ceremony_id: cancelled.id }), { reason: 'Custodian unavailable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(keyCeremony.parse(res.json())).toMatchObject({ state: 'cancelled', ended_reason: Say.cancelled('acme-admin', 'Custodian unavailable') });
    expect(await recorded(cancelled.id)).toEqual([{ partial_id: null, partial_ref: null, state: 'cancelled' }]);
    if (keystore === 'pkcs11') expect(tokenLabels()).not.toContain(withPartial!.partial_id);
    const late = await enter(custodian.bob, cancelled.id, parts[1]!);
    expect([late.statusCode, late.json().message]).toEqual([409, Say.ended('cancelled')]);

    const expiring = await open({ name: 'Expiring KEK', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', components: 2 });
    expect((await enter(custodian.alice, expiring.id, parts[0]!)).statusCode).toBe(200);
    const [partial] = await recorded(expiring.id);
    await queryRows(t.database.db, sql`update key_ceremonies set expires_at = now() - interval '1 second' where id = ${expiring.id}`);
    // Past its expiry it takes nothing more, even before the sweep has ended it.
    const tooLate = await enter(custodian.bob, expiring.id, parts[1]!);
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([409, Say.ended('expired')]);
    expect(await t.keyCeremonies.tick()).toBe(1);
    expect(await recorded(expiring.id)).toEqual([{ partial_id: null, partial_ref: null, state: 'expired' }]);
    if (keystore === 'pkcs11') expect(tokenLabels()).not.toContain(partial!.partial_id);
    const audit = await queryRows<{ actor_username: string; target: string }>(t.database.db, sql`select actor_username, target from audit_events where action = 'key_ceremony.expire'`);
    expect(audit).toEqual([{ actor_username: 'system', target: 'Payments HSM: ceremony for Expiring KEK' }]);
    const list = keyCeremoniesResponse.parse((await custodian.alice.get(ApiPath.keyCeremonies)).json()).data;
    expect(list.find((c) => c.id === expiring.id)).toMatchObject({ state: 'expired', ended_reason: Say.expired, kcv: null });
  });

  it('shows another account nothing of a ceremony', async () => {
    const { data } = keyCeremoniesResponse.parse((await admin.get(ApiPath.keyCeremonies)).json());
    const some: KeyCeremony = data[0]!;
    expect(keyCeremoniesResponse.parse((await outsider.get(ApiPath.keyCeremonies)).json()).data).toEqual([]);
    expect((await outsider.get(ceremonyOf(some.id))).statusCode).toBe(404);
    expect((await outsider.post(apiPath(ApiPath.keyCeremonyCancel, { ceremony_id: some.id }), { reason: 'x' })).statusCode).toBe(404);
  });
});
