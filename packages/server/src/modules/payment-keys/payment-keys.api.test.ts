import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { ApiPath } from '@keydeck/contract/http';
import { Messages } from '@keydeck/contract/messages';
import {
  batchResponse,
  keyAssignmentsResponse,
  keyGroupsResponse,
  keyLoadResponse,
  symmetricKeyExportResponse,
  symmetricKeyHistoryResponse,
  symmetricKeysCreateResponse,
  symmetricKeysResponse,
  symmetricKeyUtilsResponse,
  type SymmetricKeyCreate,
} from '@keydeck/contract/payment-keys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SERVICE_PERMISSIONS, ROLE, openInService, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { createSoftHsmToken } from '../../../test/softhsm.ts';
import { createTestApp, type TestApp, type Visitor } from '../../../test/test-app.ts';
import { cmac } from './crypto/cmac.ts';
import { unwrapTr31 } from './crypto/tr31.ts';

const Dukpt = createRequire(import.meta.url)('dukpt') as { _createIPEK(bdkHex: string, ksnHex: string): string };

/** KCVs computed by Debian's openssl, an implementation Keydeck did not write. */
function opensslKcv(keyHex: string, family: 'tdes' | 'aes' = keyHex.length === 48 ? 'tdes' : keyHex.length === 32 ? 'tdes' : 'aes'): string {
  const tdes = family === 'tdes';
  const key = keyHex.length === 32 ? keyHex + keyHex.slice(0, 16) : keyHex;
  const zeros = Buffer.alloc(tdes ? 8 : 16);
  if (tdes) return execFileSync('/usr/bin/openssl', ['enc', '-des-ede3', '-K', key, '-nopad'], { input: zeros }).subarray(0, 3).toString('hex').toUpperCase();
  const out = execFileSync('/usr/bin/openssl', ['mac', '-cipher', `AES-${keyHex.length * 4}-CBC`, '-macopt', `hexkey:${keyHex}`, 'CMAC'], { input: zeros, encoding: 'utf8' });
  return out.trim().slice(0, 6).toUpperCase();
}

/** Splits a known key into components the way a key ceremony's paperwork does: random ones, and the XOR rest. */
function componentsOf(keyHex: string, count: 2 | 3, family?: 'tdes' | 'aes') {
  const key = Buffer.from(keyHex, 'hex');
  const random = Array.from({ length: count - 1 }, () => randomBytes(key.length));
  const last = Buffer.from(key);
  for (const r of random) for (let i = 0; i < last.length; i++) last[i]! ^= r[i]!;
  return [...random, last].map((c) => ({ value: c.toString('hex').toUpperCase(), kcv: opensslKcv(c.toString('hex').toUpperCase(), family) }));
}

const TDES_BDK = '0123456789ABCDEFFEDCBA9876543210'; // ANSI X9.24-1 test BDK; its KCV is the published 08D7B4
const KBPK_TDES = randomBytes(24).toString('hex').toUpperCase();
const KBPK_AES = randomBytes(32).toString('hex').toUpperCase();
const AES_BDK = 'FEDCBA9876543210F1F1F1F1F1F1F1F1'; // ANSI X9.24-3-2017 test BDK

const KEYSTORES = ['software', 'pkcs11'] as const;

describe.each(KEYSTORES)('payment keys on the %s keystore', (keystore) => {
  let t: TestApp;
  let token: Awaited<ReturnType<typeof createSoftHsmToken>> | undefined;
  let admin: Visitor;
  let viewer: Visitor;
  let outsider: Visitor;
  let acmeAccountId: string;

  const send = (visitor: Visitor, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => visitor.call({ method, url, payload });
  const createKeys = async (rows: SymmetricKeyCreate[] | object[]) => {
    const res = await send(admin, 'POST', ApiPath.symmetricKeys, { symmetric_keys: rows });
    expect(res.statusCode, res.body).toBe(200);
    return symmetricKeysCreateResponse.parse(res.json()).results;
  };
  const keysOf = async (visitor: Visitor, query = '') => {
    const res = await visitor.get(`${ApiPath.symmetricKeys}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return symmetricKeysResponse.parse(res.json());
  };
  const keyNamed = async (name: string) => (await keysOf(admin, `?search=${encodeURIComponent(name)}&page_size=100`)).data.find((k) => k.name === name)!;
  const clearKbpk = (hex: string) => {
    const value = Buffer.from(hex, 'hex');
    const algorithm = hex.length === 48 ? ('TDES_3KEY' as const) : ('AES_256' as const);
    return { algorithm, cmac: async (data: Buffer) => cmac(algorithm, value, data) };
  };

  beforeAll(async () => {
    token = keystore === 'pkcs11' ? await createSoftHsmToken(`keydeck-api-${randomBytes(4).toString('hex')}`) : undefined;
    t = await createTestApp(token ? { KEYSTORE: 'pkcs11', PKCS11_LIBRARY: token.library, PKCS11_TOKEN_LABEL: token.tokenLabel, PKCS11_PIN: token.pin } : {});
    const acme = await seedAccount(t.database.db, 'acme', [
      { username: 'acme-admin', roleNames: [ROLE.admin] },
      { username: 'acme-viewer', roleNames: [ROLE.readOnly] },
    ]);
    acmeAccountId = acme.accountId;
    const globex = await seedAccount(t.database.db, 'globex', [{ username: 'globex-admin', roleNames: [ROLE.admin] }]);
    const { serviceId } = await seedService(t.database.db, acme.accountId, {
      type: 'rkms',
      groups: [
        { name: 'Administrators', permissions: ALL_SERVICE_PERMISSIONS },
        { name: 'Device operators', permissions: { Device: 'Modify' } },
      ],
      members: [
        { userId: acme.userIds['acme-admin']!, group: 'Administrators' },
        { userId: acme.userIds['acme-viewer']!, group: 'Device operators' },
      ],
    });
    const other = await seedService(t.database.db, globex.accountId, { type: 'rkms', name: 'Globex keys', members: [{ userId: globex.userIds['globex-admin']! }] });
    admin = await openInService(t, 'acme-admin', acme.userIds['acme-admin']!, serviceId);
    viewer = await openInService(t, 'acme-viewer', acme.userIds['acme-viewer']!, serviceId);
    outsider = await openInService(t, 'globex-admin', globex.userIds['globex-admin']!, other.serviceId);
    // These tests import keys from components on one screen: not split knowledge, so the service's policy must allow it.
    const policy = { opener_may_be_custodian: false, single_operator_entry: true };
    expect((await send(admin, 'PUT', ApiPath.keyCustodians, { user_ids: [], policy })).statusCode).toBe(200);
    // Device groups and devices the assignments refer to (devices issue).
    expect((await send(admin, 'POST', ApiPath.deviceGroups, { groups: [{ group_name: 'Lane terminals' }, { group_name: 'Kiosks' }] })).statusCode).toBe(201);
    const devices = await send(admin, 'POST', ApiPath.devices, { devices: [{ serial: 'LANE-0001', group: 'Lane terminals' }, { serial: 'KIOSK-0001', group: 'Kiosks' }] });
    expect(devices.statusCode, devices.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    token?.remove();
  });

  it('offers the algorithms, TR-31 usages with their modes of use, KCV methods and the keystore in use', async () => {
    const utils = symmetricKeyUtilsResponse.parse((await admin.get(ApiPath.symmetricKeyUtils)).json());
    expect(utils.keystore).toBe(keystore);
    expect(utils.algorithms.map((a) => a.id)).toEqual(['TDES_2KEY', 'TDES_3KEY', 'AES_128', 'AES_192', 'AES_256']);
    expect(utils.usages.find((u) => u.code === 'B0')?.modes_of_use).toEqual(['X']);
    expect(utils.kcv_methods.map((m) => m.id)).toEqual(['tdes', 'aes-cmac', 'aes-ecb']);
  });

  it('creates key groups all or none, and keeps DUKPT for groups that hold a BDK', async () => {
    const created = await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Transport' }, { name: 'DUKPT TDES' }, { name: 'DUKPT AES' }, { name: 'Spare' }] });
    expect(created.statusCode, created.body).toBe(201);
    const twice = await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Other' }, { name: 'transport' }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual({ 'groups.1.name': [Messages.keyGroupExists('transport')] });
    const dukptAtOnce = await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Straight to DUKPT', key_retrieval_algorithm: 'dukpt_tdes' }] });
    expect(dukptAtOnce.statusCode).toBe(400);
    const groups = keyGroupsResponse.parse((await admin.get(ApiPath.keyGroups)).json()).groups;
    expect(groups.map((g) => [g.name, g.key_retrieval_algorithm, g.key_count])).toEqual([
      ['DUKPT AES', 'static', 0],
      ['DUKPT TDES', 'static', 0],
      ['Spare', 'static', 0],
      ['Transport', 'static', 0],
    ]);
  });

  it('generates keys of every algorithm with a KCV, and imports KBPKs from components with each component checked', async () => {
    const generated = await createKeys([
      { source: 'generate', name: 'Terminal KEK', group: 'Transport', algorithm: 'AES_256', usage: 'K0', mode_of_use: 'B', exportability: 'E' },
      { source: 'generate', name: 'PIN key', group: 'Transport', algorithm: 'TDES_3KEY', usage: 'P0', mode_of_use: 'E', exportability: 'E' },
      { source: 'generate', name: 'MAC key', group: 'Transport', algorithm: 'AES_128', usage: 'M6', mode_of_use: 'C', exportability: 'N' },
      { source: 'generate', name: 'Data key', group: 'Transport', algorithm: 'AES_192', usage: 'D0', mode_of_use: 'B', exportability: 'E' },
      { source: 'generate', name: 'Spare BDK', group: 'Spare', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N' },
    ]);
    expect(generated.map((r) => r.success)).toEqual([true, true, true, true, true]);
    for (const r of generated) expect(r.key!.kcv).toMatch(/^[0-9A-F]{6}$/);
    expect(generated[0]!.message).toBe(Messages.keyCreated('Terminal KEK', generated[0]!.key!.kcv));

    const kbpks = await createKeys([
      { source: 'components', name: 'KBPK TDES', group: 'Transport', algorithm: 'TDES_3KEY', usage: 'K1', mode_of_use: 'B', exportability: 'N', components: componentsOf(KBPK_TDES, 2) },
      { source: 'components', name: 'KBPK AES', group: 'Transport', algorithm: 'AES_256', usage: 'K1', mode_of_use: 'B', exportability: 'N', components: componentsOf(KBPK_AES, 3), kcv: opensslKcv(KBPK_AES) },
    ]);
    expect(kbpks.map((r) => [r.success, r.key?.kcv])).toEqual([
      [true, opensslKcv(KBPK_TDES)],
      [true, opensslKcv(KBPK_AES)],
    ]);
    expect(kbpks[0]!.key!.origin).toBe('components');
  });

  it('imports the X9.24 test BDK from three components to its published KCV 08D7B4, and refuses a component that does not match its KCV', async () => {
    const components = componentsOf(TDES_BDK, 3);
    const [bdk] = await createKeys([
      // SoftHSM2 cannot apply TDES DUKPT's key variant inside the token: there the BDK is created exportable.
      { source: 'components', name: 'Lane BDK', group: 'DUKPT TDES', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: keystore === 'pkcs11' ? 'E' : 'N', components },
    ]);
    expect(bdk!.success, bdk!.message).toBe(true);
    expect(bdk!.key!.kcv).toBe('08D7B4');

    // A slip in a digit's high bits (the low bit of each TDES byte is parity, which a KCV does not see).
    const typo = components.map((c, i) => (i === 1 ? { ...c, value: `${c.value.startsWith('8') ? '0' : '8'}${c.value.slice(1)}` } : c));
    const [refused] = await createKeys([
      { source: 'components', name: 'Typo key', group: 'Spare', algorithm: 'TDES_2KEY', usage: 'K0', mode_of_use: 'B', exportability: 'E', components: typo },
    ]);
    expect(refused!.success).toBe(false);
    expect(refused!.message).toMatch(/^Unable to create Typo key: Component 2 does not match its KCV/);
    const [short] = await createKeys([
      { source: 'components', name: 'Short key', group: 'Spare', algorithm: 'AES_128', usage: 'K0', mode_of_use: 'B', exportability: 'E', components: [{ value: 'ABCD', kcv: '000000' }, { value: 'ABCE', kcv: '000000' }] },
    ]);
    expect(short!.message).toBe(Messages.keyCreateFailed('Short key', Messages.componentLength(1, 16)));
    const [wrongTotal] = await createKeys([
      { source: 'components', name: 'Wrong total', group: 'Spare', algorithm: 'TDES_2KEY', usage: 'K0', mode_of_use: 'B', exportability: 'E', components: componentsOf(TDES_BDK, 2), kcv: '123456' },
    ]);
    expect(wrongTotal!.message).toBe(Messages.keyCreateFailed('Wrong total', Messages.combinedKcvMismatch('08D7B4')));
    expect((await keysOf(admin, '?search=Typo')).total + (await keysOf(admin, '?search=Wrong')).total).toBe(0);
  });

  it('checks one component at a time for the ceremony, against openssl', async () => {
    const component = randomBytes(16).toString('hex').toUpperCase();
    const res = await send(admin, 'POST', ApiPath.componentKcv, { algorithm: 'AES_128', value: component });
    expect(res.json()).toEqual({ kcv: opensslKcv(component, 'aes'), kcv_method: 'aes-cmac' });
    const legacy = await send(admin, 'POST', ApiPath.componentKcv, { algorithm: 'AES_128', value: component, kcv_method: 'aes-ecb' });
    const ecb = execFileSync('/usr/bin/openssl', ['enc', '-aes-128-ecb', '-K', component, '-nopad'], { input: Buffer.alloc(16) }).subarray(0, 3).toString('hex').toUpperCase();
    expect(legacy.json().kcv).toBe(ecb);
    expect((await send(admin, 'POST', ApiPath.componentKcv, { algorithm: 'AES_128', value: 'XYZ' })).statusCode).toBe(400);
  });

  it('exports a key as TR-31 (B under a TDES KBPK, D under an AES one) that unwraps to a key with the listed KCV; refuses a non-exportable key', async () => {
    for (const [kbpk, hex, version] of [['KBPK TDES', KBPK_TDES, 'B'], ['KBPK AES', KBPK_AES, 'D']] as const) {
      const res = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'PIN key', kbpk });
      expect(res.statusCode, res.body).toBe(200);
      const answer = symmetricKeyExportResponse.parse(res.json());
      expect(answer.key_block[0]).toBe(version);
      const { header, key } = await unwrapTr31(clearKbpk(hex), answer.key_block);
      expect([header.usage, header.algorithm, header.modeOfUse, header.exportability]).toEqual(['P0', 'T', 'E', 'E']);
      expect(opensslKcv(key.toString('hex').toUpperCase())).toBe((await keyNamed('PIN key')).kcv);
      expect(answer.kcv).toBe((await keyNamed('PIN key')).kcv);
    }
    const refused = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'MAC key', kbpk: 'KBPK AES' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(Messages.keyNotExportable('MAC key'));
    const weaker = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Terminal KEK', kbpk: 'KBPK TDES' });
    expect(weaker.statusCode).toBe(400);
    expect(weaker.json().errors).toEqual({ kbpk: [Messages.kbpkTooWeak('KBPK TDES', 'TDES 168-bit', 'Terminal KEK', 'AES-256')] });
    const notKbpk = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'PIN key', kbpk: 'Terminal KEK' });
    expect(notKbpk.statusCode).toBe(400);
    expect(notKbpk.json().errors).toEqual({ kbpk: [Messages.keyNotKbpk('Terminal KEK')] });
  });

  it('imports a TR-31 key block under a KBPK of the service, and refuses a block whose MAC does not verify', async () => {
    const exported = symmetricKeyExportResponse.parse((await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Data key', kbpk: 'KBPK AES' })).json());
    const [copy] = await createKeys([{ source: 'key_block', name: 'Data key copy', group: 'Spare', key_block: exported.key_block, kbpk: 'KBPK AES', kcv: exported.kcv }]);
    expect(copy!.success, copy!.message).toBe(true);
    expect([copy!.key!.kcv, copy!.key!.algorithm, copy!.key!.usage, copy!.key!.origin]).toEqual([exported.kcv, 'AES_192', 'D0', 'key_block']);
    const tampered = exported.key_block.slice(0, -1) + (exported.key_block.endsWith('0') ? '1' : '0');
    const [refused] = await createKeys([{ source: 'key_block', name: 'Tampered', group: 'Spare', key_block: tampered, kbpk: 'KBPK AES' }]);
    expect(refused!.success).toBe(false);
    expect(refused!.message).toMatch(/^Unable to create Tampered: The key block cannot be imported: /);
  });

  it('assigns keys to device groups\' slots (one key a slot), lists them with their KCV by search term, and removes them in the spec\'s words', async () => {
    const created = batchResponse.parse((await send(admin, 'POST', ApiPath.keyAssignments, {
      key_assignments: [
        { group: 'Lane terminals', key_slot: 0, key: 'Lane BDK' },
        { group: 'Lane terminals', key_slot: 1, key: 'PIN key' },
        { group: 'Kiosks', key_slot: 1, key: 'PIN key' },
        { group: 'Kiosks', key_slot: 1, key: 'Terminal KEK' },
        { group: 'Nowhere', key_slot: 2, key: 'PIN key' },
      ],
    })).json()).results;
    expect(created.map((r) => r.success)).toEqual([true, true, true, false, false]);
    expect(created[3]!.message).toBe(Messages.assignmentCreateFailed('Kiosks', 1, Messages.slotTaken('Kiosks', 1, 'PIN key')));
    const found = keyAssignmentsResponse.parse((await admin.get(`${ApiPath.keyAssignments}?search=lane`)).json());
    expect(found.data.map((a) => [a.group, a.key_slot, a.key, a.kcv])).toEqual([
      ['Lane terminals', 0, 'Lane BDK', '08D7B4'],
      ['Lane terminals', 1, 'PIN key', (await keyNamed('PIN key')).kcv],
    ]);
    const removed = batchResponse.parse((await send(admin, 'DELETE', ApiPath.keyAssignments, { key_assignments: [{ group: 'Kiosks', key_slot: 1 }, { group: 'Kiosks', key_slot: 7 }] })).json()).results;
    expect(removed.map((r) => r.message)).toEqual([Messages.assignmentRemoved('Kiosks', 1), Messages.assignmentRemoveFailed('Kiosks', 7, Messages.assignmentUnknown)]);
    const slot = await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Kiosks', key_slot: 100, key: 'PIN key' }] });
    expect(slot.statusCode).toBe(400);
    expect(slot.json().errors).toEqual({ 'key_assignments.0.key_slot': ['A key slot is a whole number from 0 to 99'] });
  });

  it('switches a group to DUKPT only with a BDK of the algorithm, and loads each device its own initial key that the dukpt package agrees with', async () => {
    const changed = batchResponse.parse((await send(admin, 'PUT', ApiPath.keyGroups, { groups: ['DUKPT TDES', 'Transport'], key_retrieval_algorithm: 'dukpt_tdes' })).json()).results;
    expect(changed.map((r) => r.message)).toEqual([
      Messages.keyRetrievalChanged('DUKPT TDES'),
      `${Messages.keyRetrievalChangeFailed('Transport')}. ${Messages.keyGroupNeedsBdk('Transport', 'TDES 112-bit')}`,
    ]);
    const loaded = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 0, kbpk: 'KBPK TDES' });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const answer = keyLoadResponse.parse(loaded.json());
    expect(answer.ksn).toMatch(/^[0-9A-F]{20}$/);
    const ipek = Dukpt._createIPEK(TDES_BDK, answer.ksn!).toUpperCase();
    expect(answer.kcv).toBe(opensslKcv(ipek));
    const { header, key } = await unwrapTr31(clearKbpk(KBPK_TDES), answer.key_block);
    expect(key.toString('hex').toUpperCase()).toBe(ipek);
    expect(header.usage).toBe('B1');

    // A static group loads the assigned key itself.
    const pin = keyLoadResponse.parse((await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 1, kbpk: 'KBPK AES' })).json());
    expect([pin.ksn, pin.kcv]).toEqual([null, (await keyNamed('PIN key')).kcv]);
    const nothing = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 5, kbpk: 'KBPK AES' });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toBe(Messages.keyLoadNoAssignment('Lane terminals', 5));
  });

  it('derives AES DUKPT initial keys per X9.24-3 from an AES BDK', async () => {
    const [bdk] = await createKeys([
      { source: 'components', name: 'AES BDK', group: 'DUKPT AES', algorithm: 'AES_128', usage: 'B0', mode_of_use: 'X', exportability: 'N', components: componentsOf(AES_BDK, 2, 'aes') },
    ]);
    expect(bdk!.success, bdk!.message).toBe(true);
    const changed = batchResponse.parse((await send(admin, 'PUT', ApiPath.keyGroups, { groups: ['DUKPT AES'], key_retrieval_algorithm: 'dukpt_aes' })).json()).results;
    expect(changed[0]!.success).toBe(true);
    expect((await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Kiosks', key_slot: 0, key: 'AES BDK' }] })).json().results[0].success).toBe(true);
    const answer = keyLoadResponse.parse((await send(admin, 'POST', ApiPath.keyLoad, { serial: 'KIOSK-0001', key_slot: 0, kbpk: 'KBPK AES' })).json());
    expect(answer.ksn).toMatch(/^[0-9A-F]{16}$/);
    const { key } = await unwrapTr31(clearKbpk(KBPK_AES), answer.key_block);
    expect(answer.kcv).toBe(opensslKcv(key.toString('hex').toUpperCase(), 'aes'));
    expect(key.length).toBe(16);
    const weaker = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'KIOSK-0001', key_slot: 0, kbpk: 'KBPK TDES' });
    expect(weaker.statusCode).toBe(400);
    expect(weaker.json().errors).toEqual({ kbpk: [Messages.kbpkTooWeakForInitialKey('KBPK TDES', 'TDES 168-bit', 'AES BDK', 'AES-128')] });
  });

  it('keeps keys in use, deletes the others with their material, and tells each key\'s history with its KCV', async () => {
    const refused = batchResponse.parse((await send(admin, 'DELETE', ApiPath.symmetricKeys, { symmetric_keys: ['PIN key', 'Lane BDK', 'Data key copy', 'Ghost'] })).json()).results;
    expect(refused.map((r) => r.message)).toEqual([
      Messages.deleteFailed('PIN key', Messages.keyAssigned('PIN key', 1)),
      Messages.deleteFailed('Lane BDK', Messages.keyAssigned('Lane BDK', 1)),
      Messages.deleted('Data key copy'),
      Messages.deleteFailed('Ghost', Messages.keyUnknown('Ghost')),
    ]);
    const history = symmetricKeyHistoryResponse.parse((await admin.get(`${ApiPath.symmetricKeyHistory}?key=${encodeURIComponent('PIN key')}`)).json());
    expect(history.events.map((e) => e.action).reverse()).toEqual(['created', 'exported', 'exported', 'assigned', 'assigned', 'unassigned', 'loaded']);
    expect(new Set(history.events.map((e) => e.kcv))).toEqual(new Set([(await keyNamed('PIN key')).kcv]));
    expect(history.assignments).toEqual([{ group: 'Lane terminals', key_slot: 1 }]);
  });

  it('disables, rotates (a new KCV and version) and retires keys; a retired key no longer changes', async () => {
    const before = await keyNamed('Terminal KEK');
    const rotated = batchResponse.parse((await send(admin, 'PUT', ApiPath.symmetricKeys, { symmetric_keys: ['Terminal KEK', 'KBPK AES'], action: 'rotate' })).json()).results;
    const after = await keyNamed('Terminal KEK');
    expect(rotated.map((r) => r.message)).toEqual([Messages.keyRotated('Terminal KEK', after.kcv), Messages.keyChangeFailed('KBPK AES', Messages.keyRotateImported('KBPK AES'))]);
    expect([after.kcv === before.kcv, after.version, after.rotated_at === null]).toEqual([false, '01', false]);
    await send(admin, 'PUT', ApiPath.symmetricKeys, { symmetric_keys: ['Data key'], action: 'retire' });
    const retired = batchResponse.parse((await send(admin, 'PUT', ApiPath.symmetricKeys, { symmetric_keys: ['Data key'], action: 'activate' })).json()).results;
    expect(retired[0]!.message).toBe(Messages.keyChangeFailed('Data key', Messages.keyRetired('Data key')));
    const exportRetired = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Data key', kbpk: 'KBPK AES' });
    expect(exportRetired.json().message).toBe(Messages.keyNotActive('Data key', 'retired'));
  });

  it('keeps key values out of the database, the answers and the audit log, and audits every key operation with its KCV', async () => {
    const stored = await queryRows<{ key_ref: string }>(t.database.db, sql`select key_ref from symmetric_keys`);
    for (const { key_ref } of stored) {
      for (const clear of [TDES_BDK, KBPK_TDES, KBPK_AES, AES_BDK]) expect(key_ref.toUpperCase()).not.toContain(clear);
    }
    const audit = await queryRows<{ action: string; target: string }>(t.database.db, sql`select action, coalesce(target, '') || ' ' || coalesce(target_name, '') as target from audit_events where action like 'symmetric_key.%' or action like 'key_%'`);
    const text = JSON.stringify(audit).toUpperCase();
    for (const clear of [TDES_BDK, KBPK_TDES, KBPK_AES, AES_BDK]) expect(text).not.toContain(clear);
    expect(audit.find((a) => a.action === 'symmetric_key.create' && a.target.includes('Lane BDK'))?.target).toContain('KCV 08D7B4');
    expect(audit.filter((a) => a.action === 'symmetric_key.export').length).toBeGreaterThanOrEqual(3);
  });

  it('shows keys only to the service\'s Key category, and nothing across tenants', async () => {
    expect((await viewer.get(ApiPath.symmetricKeys)).statusCode).toBe(403);
    expect((await viewer.get(ApiPath.keyAssignments)).statusCode).toBe(403);
    expect((await outsider.get(ApiPath.symmetricKeys)).json()).toEqual({ data: [], total: 0, total_capped: false, next_cursor: null, prev_cursor: null });
    expect((await send(outsider, 'POST', ApiPath.symmetricKeyExport, { key: 'PIN key', kbpk: 'KBPK AES' })).statusCode).toBe(404);
    const stolen = batchResponse.parse((await send(outsider, 'DELETE', ApiPath.symmetricKeys, { symmetric_keys: ['PIN key'] })).json()).results;
    expect(stolen[0]!.success).toBe(false);
    expect((await outsider.get(`${ApiPath.rklExportFormats}?account_id=${acmeAccountId}`)).statusCode).toBe(403);
    const formats = (await admin.get(`${ApiPath.rklExportFormats}?account_id=${acmeAccountId}`)).json().formats.map((f: { id: string }) => f.id);
    expect(formats).toEqual(['tr31_b', 'tr31_d']);
  });

  it('lets a KBPK wrap only with mode of use B or E and unwrap only with B or D, on export, import and load', async () => {
    // One clear value under two modes: what the E key wraps, the D key opens.
    const value = randomBytes(24).toString('hex').toUpperCase();
    const kbpks = await createKeys([
      { source: 'components', name: 'Wrap-only KBPK', group: 'Spare', algorithm: 'TDES_3KEY', usage: 'K1', mode_of_use: 'E', exportability: 'N', components: componentsOf(value, 2) },
      { source: 'components', name: 'Unwrap-only KBPK', group: 'Spare', algorithm: 'TDES_3KEY', usage: 'K1', mode_of_use: 'D', exportability: 'N', components: componentsOf(value, 2) },
      { source: 'generate', name: 'Mode test key', group: 'Spare', algorithm: 'TDES_2KEY', usage: 'D0', mode_of_use: 'B', exportability: 'E' },
    ]);
    expect(kbpks.map((r) => r.success)).toEqual([true, true, true]);

    const wrapped = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Mode test key', kbpk: 'Wrap-only KBPK' });
    expect(wrapped.statusCode, wrapped.body).toBe(200);
    const block = symmetricKeyExportResponse.parse(wrapped.json()).key_block;
    const notWrapping = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Mode test key', kbpk: 'Unwrap-only KBPK' });
    expect(notWrapping.statusCode).toBe(400);
    expect(notWrapping.json().errors).toEqual({ kbpk: [Messages.keyUseRefused('Unwrap-only KBPK', 'K1', 'D', 'wrap')] });

    const [notUnwrapping, opened] = await createKeys([
      { source: 'key_block', name: 'Opened by E', group: 'Spare', key_block: block, kbpk: 'Wrap-only KBPK' },
      { source: 'key_block', name: 'Opened by D', group: 'Spare', key_block: block, kbpk: 'Unwrap-only KBPK' },
    ]);
    expect(notUnwrapping!.message).toBe(Messages.keyCreateFailed('Opened by E', Messages.keyUseRefused('Wrap-only KBPK', 'K1', 'E', 'unwrap')));
    expect(opened!.success, opened!.message).toBe(true);
    expect(opened!.key!.kcv).toBe((await keyNamed('Mode test key')).kcv);
    expect((await keysOf(admin, `?search=${encodeURIComponent('Opened by E')}`)).total).toBe(0);

    const load = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 0, kbpk: 'Unwrap-only KBPK' });
    expect(load.statusCode).toBe(400);
    expect(load.json().errors).toEqual({ kbpk: [Messages.keyUseRefused('Unwrap-only KBPK', 'K1', 'D', 'wrap')] });
    const notKbpk = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 0, kbpk: 'Mode test key' });
    expect(notKbpk.json().errors).toEqual({ kbpk: [Messages.keyNotKbpk('Mode test key')] });
  });

  it('refuses to wrap a key under itself, on export and on load', async () => {
    const [kbpk] = await createKeys([
      { source: 'generate', name: 'Exportable KBPK', group: 'Spare', algorithm: 'AES_256', usage: 'K1', mode_of_use: 'B', exportability: 'E' },
    ]);
    expect(kbpk!.success, kbpk!.message).toBe(true);
    const itself = await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Exportable KBPK', kbpk: 'exportable kbpk' });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().errors).toEqual({ kbpk: [Messages.keyWrappedUnderItself('Exportable KBPK')] });
    expect((await send(admin, 'POST', ApiPath.symmetricKeyExport, { key: 'Exportable KBPK', kbpk: 'KBPK AES' })).statusCode).toBe(200);

    expect((await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Kiosks', key_slot: 8, key: 'Exportable KBPK' }] })).json().results[0].success).toBe(true);
    const load = await send(admin, 'POST', ApiPath.keyLoad, { serial: 'KIOSK-0001', key_slot: 8, kbpk: 'Exportable KBPK' });
    expect(load.statusCode).toBe(400);
    expect(load.json().errors).toEqual({ kbpk: [Messages.keyWrappedUnderItself('Exportable KBPK')] });
  });

  it('imports Thales payShield blocks with mode of use N (K0/N, B0/N, D0/N) to their published keys', async () => {
    const payShieldTdes = 'EFE0853B256B583D868F251CE99EA1D9';
    const payShieldAes = '41'.repeat(32);
    const kbpks = await createKeys([
      { source: 'components', name: 'payShield KBPK B', group: 'Spare', algorithm: 'TDES_2KEY', usage: 'K1', mode_of_use: 'B', exportability: 'N', components: componentsOf(payShieldTdes, 2) },
      { source: 'components', name: 'payShield KBPK D', group: 'Spare', algorithm: 'AES_256', usage: 'K1', mode_of_use: 'B', exportability: 'N', components: componentsOf(payShieldAes, 2) },
    ]);
    expect(kbpks.map((r) => r.success)).toEqual([true, true]);
    // Published in openemv/tr31's tests as blocks a payShield 10k exported (also in crypto/tr31.test.ts).
    const imported = await createKeys([
      { source: 'key_block', name: 'payShield K0', group: 'Spare', kbpk: 'payShield KBPK B', key_block: 'B0080K0TN00N00001C414014375212C24995E405B5EE052CB92B67F455EA2680F6751088F9F1C228' },
      { source: 'key_block', name: 'payShield B0', group: 'Spare', kbpk: 'payShield KBPK D', key_block: 'D0112B0TN00N000037DB9B046B7B0048785690759580ABC3B9842AB4BB7717B49E92528E575785D8123559376A2553B27BE94F054F4E971C' },
      {
        source: 'key_block',
        name: 'payShield D0',
        group: 'Spare',
        kbpk: 'payShield KBPK D',
        key_block: 'D0144D0AN00N0000127862F945C2DED04530FAF7CDBC8B0BA10C7AA79BD5E0C2C5D6AC173BF588E4B19ACF1357178D50EA0AB193228E13958304FC6149632DFDCADF3A5B3D57E814',
      },
    ]);
    expect(imported.map((r) => [r.success, r.key?.usage, r.key?.mode_of_use, r.key?.kcv]), JSON.stringify(imported)).toEqual([
      [true, 'K0', 'N', opensslKcv('5DB50B454F8389ADCE573BE50861F2BF')],
      [true, 'B0', 'N', opensslKcv('1FA1F7CEC798D91545DA8AE0C7796BD9')],
      [true, 'D0', 'N', opensslKcv('BE19E6A07A760F10EF8E83A226B63AAD141F463FDDD4F47DB244B4023EC3CACC', 'aes')],
    ]);
  });

  it('carries the device\'s initial KSN (KS) or initial key ID (IK) in the initial key\'s block, bound by its MAC', async () => {
    const tdes = keyLoadResponse.parse((await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 0, kbpk: 'KBPK TDES' })).json());
    // The layout of the published B1 block of openemv/tr31 (B0104B1TX00S0100KS18820220A0200001E00000...): one KS
    // block of 24 characters, which completes the 8-byte cipher block alone.
    expect(tdes.key_block.slice(0, 40)).toBe(`B0120B1TX00N0100KS18${tdes.ksn}`);
    expect((await unwrapTr31(clearKbpk(KBPK_TDES), tdes.key_block)).header.optionalBlocks).toEqual([{ id: 'KS', data: tdes.ksn }]);

    const aes = keyLoadResponse.parse((await send(admin, 'POST', ApiPath.keyLoad, { serial: 'KIOSK-0001', key_slot: 0, kbpk: 'KBPK AES' })).json());
    // IK (20 characters) then a PB block of 12 to the 16-byte cipher block: two optional blocks.
    expect(aes.key_block.slice(0, 48)).toBe(`D0176B1AX00N0200IK14${aes.ksn}PB0C00000000`);
    const { header } = await unwrapTr31(clearKbpk(KBPK_AES), aes.key_block);
    expect(header.optionalBlocks).toEqual([{ id: 'IK', data: aes.ksn }, { id: 'PB', data: '00000000' }]);
    const forged = aes.key_block.slice(0, 20) + (aes.ksn!.startsWith('0') ? '1' : '0') + aes.key_block.slice(21);
    await expect(unwrapTr31(clearKbpk(KBPK_AES), forged)).rejects.toThrow('MAC does not verify');
  });

  it('refuses TDES DUKPT from a BDK the keystore cannot derive from when the group or slot is set up, not at each load', async () => {
    const created = await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'HSM DUKPT' }] });
    expect(created.statusCode, created.body).toBe(201);
    const bdks = await createKeys([
      { source: 'generate', name: 'Sealed BDK', group: 'HSM DUKPT', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N' },
      { source: 'generate', name: 'Second lane BDK', group: 'DUKPT TDES', algorithm: 'TDES_2KEY', usage: 'B0', mode_of_use: 'X', exportability: 'N' },
    ]);
    expect(bdks.map((r) => r.success)).toEqual([true, true]);
    const changed = batchResponse.parse((await send(admin, 'PUT', ApiPath.keyGroups, { groups: ['HSM DUKPT'], key_retrieval_algorithm: 'dukpt_tdes' })).json()).results;
    const assigned = batchResponse.parse((await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Lane terminals', key_slot: 9, key: 'Second lane BDK' }] })).json()).results;
    const group = keyGroupsResponse.parse((await admin.get(ApiPath.keyGroups)).json()).groups.find((g) => g.name === 'HSM DUKPT')!;
    if (keystore === 'software') {
      expect([changed[0]!.message, assigned[0]!.success, group.key_retrieval_algorithm]).toEqual([Messages.keyRetrievalChanged('HSM DUKPT'), true, 'dukpt_tdes']);
      expect((await send(admin, 'POST', ApiPath.keyLoad, { serial: 'LANE-0001', key_slot: 9, kbpk: 'KBPK TDES' })).statusCode).toBe(200);
      return;
    }
    expect(changed[0]!.message).toBe(`${Messages.keyRetrievalChangeFailed('HSM DUKPT')}. ${Messages.dukptBdkNotDerivable('Sealed BDK')}`);
    expect(group.key_retrieval_algorithm).toBe('static');
    expect(assigned[0]!.message).toBe(Messages.assignmentCreateFailed('Lane terminals', 9, Messages.dukptBdkNotDerivable('Second lane BDK')));
  });

  it('refuses a BDK of the wrong algorithm for the group\'s DUKPT when the group or slot is set up, in the screens\' names', async () => {
    expect((await send(admin, 'POST', ApiPath.keyGroups, { groups: [{ name: 'Triple DUKPT' }] })).statusCode).toBe(201);
    const bdks = await createKeys([
      { source: 'generate', name: 'Triple BDK', group: 'Triple DUKPT', algorithm: 'TDES_3KEY', usage: 'B0', mode_of_use: 'X', exportability: 'E' },
      { source: 'generate', name: 'Triple lane BDK', group: 'DUKPT TDES', algorithm: 'TDES_3KEY', usage: 'B0', mode_of_use: 'X', exportability: 'E' },
    ]);
    expect(bdks.map((r) => r.success)).toEqual([true, true]);
    const changed = batchResponse.parse((await send(admin, 'PUT', ApiPath.keyGroups, { groups: ['Triple DUKPT'], key_retrieval_algorithm: 'dukpt_tdes' })).json()).results;
    expect(changed[0]!.message).toBe(`${Messages.keyRetrievalChangeFailed('Triple DUKPT')}. ${Messages.keyGroupNeedsBdk('Triple DUKPT', 'TDES 112-bit')}`);
    const assigned = batchResponse.parse((await send(admin, 'POST', ApiPath.keyAssignments, { key_assignments: [{ group: 'Lane terminals', key_slot: 11, key: 'Triple lane BDK' }] })).json()).results;
    expect(assigned[0]!.message).toBe(Messages.assignmentCreateFailed('Lane terminals', 11, Messages.dukptBdkWrongAlgorithm('Triple lane BDK', 'TDES 168-bit', 'TDES 112-bit')));
  });

  // Only a token can go away: the software keystore has no counterpart of this.
  if (keystore === 'pkcs11') it('answers 503 and changes nothing when the HSM token goes away', async () => {
    const before = (await keysOf(admin)).total;
    token!.remove();
    const res = await send(admin, 'POST', ApiPath.symmetricKeys, {
      symmetric_keys: [{ source: 'generate', name: 'While away', group: 'Spare', algorithm: 'AES_128', usage: 'K0', mode_of_use: 'B', exportability: 'E' }],
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(Messages.keystoreUnavailable);
    expect((await keysOf(admin)).total).toBe(before);
  });
});
