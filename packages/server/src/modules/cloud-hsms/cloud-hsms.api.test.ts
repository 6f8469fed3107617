import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CloudHsmMessages, type CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { Visitor } from '../../../test/test-app.ts';
import { runProvisioning } from './cloud-hsms.jobs.ts';
import {
  AUDIT_KEY,
  auditOf,
  eventually,
  expectCall,
  generateKey,
  heartbeat,
  heldBy,
  insertRemoteProvisioner,
  newTokenRoot,
  pkcs11Tool,
  placeBuiltin,
  remoteProcess,
  secretBox,
  secretKeyLabels,
  seedCustomer,
  seedPlacement,
  startWithAdmin,
  type Customer,
  type Placement,
  type TestApp,
} from './cloud-hsms.test-helper.ts';
import { builtinProvisionerName, sampleHostedHsms } from './provisioner-agent.ts';

/**
 * A customer's cloud HSM from request to deprovisioning on the built-in provisioner of the app's own process: a
 * real SoftHSM2 token reached with opensc's pkcs11-tool as the console describes it.
 */
let t: TestApp;
let admin: Visitor;
let acme: Customer;
let local: Placement;
let remote: Placement;
let builtinId: string;
let remoteId: string;
let remoteRoot: string;
let first: CloudHsmDetail;
let pins: { so_pin: string; user_pin: string };

const hsmPath = (path: string, hsmId: string) => apiPath(path as typeof ApiPath.cloudHsm, { hsm_id: hsmId });
const get = async (hsmId: string): Promise<CloudHsmDetail> => (await expectCall(acme.manager, 'GET', hsmPath(ApiPath.cloudHsm, hsmId), 200)).data;
const sampleBuiltin = () => sampleHostedHsms({ db: t.database.db, secretBox, auditKey: Buffer.from(AUDIT_KEY, 'base64url'), drivers: t.app.cloudHsmHost.drivers }, builtinId);

async function requestLocal(name: string): Promise<CloudHsmDetail> {
  const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
  const { data } = await expectCall(acme.manager, 'POST', path, 202, { name, blueprint_id: local.blueprint.id, zone_id: local.zone.id });
  return data;
}

/** Until the job of the app's agent has run: Enabled. */
const enabled = (hsmId: string) => eventually(async () => ((await get(hsmId)).status === 'Enabled' ? get(hsmId) : null), `HSM ${hsmId} Enabled`);

beforeAll(async () => {
  ({ t, admin } = await startWithAdmin());
  local = await seedPlacement(admin, 'loc', { cidr: '10.60.0.0/29', ports: 2, policies: { backup_allowed: true, min_pin_length: 12, fips_mode: false } });
  remote = await seedPlacement(admin, 'nob', { cidr: '10.61.0.0/29', ports: 1, policies: { backup_allowed: false, min_pin_length: 8, fips_mode: false } });
  builtinId = await placeBuiltin(t, admin, local.group.id);
  remoteId = await insertRemoteProvisioner(t, 'remote-nob', remote.group.id);
  remoteRoot = newTokenRoot();
  acme = await seedCustomer(t, admin, 'acme', { start: 40000, end: 40099 });
});

afterAll(async () => {
  await t?.close();
  if (remoteRoot) rmSync(remoteRoot, { recursive: true, force: true });
});

describe('a cloud HSM on the built-in provisioner', () => {
  it('is placed, addressed, ported and given a token, and pkcs11-tool reaches it with the PIN shown once', { timeout: 120_000 }, async () => {
    const requested = await requestLocal('Payments 1');
    expect(requested).toMatchObject({ status: 'PendingProvisioning', status_label: 'Pending Provisioning', step: 'placed', name: 'Payments 1' });
    expect(requested.provisioner).toMatchObject({ id: builtinId, name: builtinProvisionerName(t.config.machineName), state: 'Up' });

    first = await enabled(requested.id);
    expect(first).toMatchObject({
      status: 'Enabled',
      step: 'enabled',
      // The /29's network (.0) and broadcast (.7) are never handed out: the lowest host is .1.
      address: '10.60.0.1',
      ports: [
        { port: 40000, purpose: 'pkcs11' },
        { port: 40001, purpose: 'admin' },
      ],
      token_label: 'Payments 1',
      partitions: 1,
      pins_shown: false,
      backup_allowed: true,
      blueprint: { id: local.blueprint.id, model: local.model },
      zone: { id: local.zone.id, name: 'Zone loc', datacenter_name: 'DC loc', location: 'City loc' },
    });
    expect(first.connection).toMatchObject({ module: t.config.cloudHsm.softhsm2Library, token_label: 'Payments 1', address: '10.60.0.1', pkcs11_port: 40000 });
    expect(first.connection!.environment.SOFTHSM2_CONF).toContain(t.config.cloudHsm.root);
    expect(first.provisioned_at).not.toBeNull();

    const shown = await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmPins, first.id), 200);
    pins = shown.data;
    expect(pins.so_pin.length).toBeGreaterThanOrEqual(12);
    expect(pins.user_pin.length).toBeGreaterThanOrEqual(12);
    const again = await acme.manager.post(hsmPath(ApiPath.cloudHsmPins, first.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CloudHsmMessages.pinsShown);
    expect((await get(first.id)).pins_shown).toBe(true);

    const connection = first.connection!;
    expect(await pkcs11Tool(connection, ['--list-token-slots'])).toContain('Payments 1');
    await generateKey(connection, pins.user_pin, 'app-key', '01');
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['app-key']);

    // The object count comes from the token, at the next sample.
    expect(await sampleBuiltin()).toBeGreaterThanOrEqual(1);
    const sampled = await get(first.id);
    expect(sampled.objects).toBeGreaterThanOrEqual(1);
    expect(sampled.health_state).toBe('Healthy');
    // One AES key: counted as a secret key, nothing of the other classes.
    expect(sampled.latest_sample).toMatchObject({ reachable: true, error: null, secret_keys: 1, private_keys: 0, public_keys: 0, certificates: 0 });
    const series = await expectCall(acme.manager, 'GET', hsmPath(ApiPath.cloudHsmHealth, first.id), 200);
    expect(series.data.at(-1)).toMatchObject({ reachable: true, objects: sampled.objects });
    const before = new Date(Date.now() + 60_000).toISOString();
    expect((await expectCall(acme.manager, 'GET', `${hsmPath(ApiPath.cloudHsmHealth, first.id)}?since=${encodeURIComponent(before)}`, 200)).data).toEqual([]);

    const list = await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId }), 200);
    expect(list.data).toEqual([expect.objectContaining({ id: first.id, status: 'Enabled', health_state: 'Healthy', address: '10.60.0.1' })]);
    expect(list.total).toBe(1);
  });

  it('rotates the user PIN: the new one is answered once and works, the old one no longer does', { timeout: 60_000 }, async () => {
    const rotated = (await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmUserPin, first.id), 200)).data.user_pin as string;
    expect(rotated).not.toBe(pins.user_pin);
    expect(rotated.length).toBeGreaterThanOrEqual(12);
    expect(await secretKeyLabels(first.connection!, rotated)).toEqual(['app-key']);
    await expect(secretKeyLabels(first.connection!, pins.user_pin)).rejects.toThrow();
    pins = { ...pins, user_pin: rotated };
    // The platform's own copy follows: the next sample still reaches the token.
    await sampleBuiltin();
    expect((await get(first.id)).latest_sample?.reachable).toBe(true);
  });

  it('answers at most 2,000 health points, evenly thinned, oldest first', async () => {
    await queryRows(
      t.database.db,
      sql`insert into cloud_hsm_health (cloud_hsm_id, account_id, sampled_at, reachable, objects)
          select ${first.id}, ${acme.accountId}, now() - make_interval(secs => n * 5), true, 1 from generate_series(1, 4000) as n`,
    );
    const series = (await expectCall(acme.manager, 'GET', hsmPath(ApiPath.cloudHsmHealth, first.id), 200)).data as { sampled_at: string }[];
    expect(series).toHaveLength(2000);
    const times = series.map((p) => Date.parse(p.sampled_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The default window is the last 6 hours: 4,000 samples 5 s apart reach back 5.5 hours, all inside it.
    expect(Date.now() - times[0]!).toBeGreaterThan(5 * 3600_000);
  });

  it('backs the token up under a passphrase and restores it; a wrong passphrase or another HSM’s backup changes nothing', { timeout: 120_000 }, async () => {
    const backup = (await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmBackup, first.id), 200, { passphrase: 'correct horse battery' })).data;
    expect(backup.file_name).toMatch(/^Payments-1-\d{8}T\d{6}Z\.hsmbackup$/);
    expect(Buffer.from(backup.content, 'base64').subarray(0, 8).toString('ascii')).toBe('KDHSMBK1');

    const connection = first.connection!;
    await generateKey(connection, pins.user_pin, 'after-backup', '02');
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['after-backup', 'app-key']);

    // The check a restore starts with: a wrong passphrase is refused before anything is asked or changed, the right one
    // answers when the backup was made.
    const badCheck = await acme.manager.post(hsmPath(ApiPath.cloudHsmRestoreCheck, first.id), { passphrase: 'not the passphrase', content: backup.content });
    expect([badCheck.statusCode, badCheck.json().message, badCheck.json().errors]).toEqual([400, CloudHsmMessages.backupUnreadable, { content: [CloudHsmMessages.backupUnreadable] }]);
    const checked = await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmRestoreCheck, first.id), 200, { passphrase: 'correct horse battery', content: backup.content });
    expect(Date.parse(checked.data.created_at)).toBeLessThanOrEqual(Date.now());
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['after-backup', 'app-key']);
    const checks = await queryRows<{ outcome: string }>(t.database.db, sql`select outcome from audit_events where action = 'cloud_hsm.backup_check' order by occurred_at`);
    expect(checks.map((e) => e.outcome)).toEqual(['refused', 'success']);

    const wrong = await acme.manager.post(hsmPath(ApiPath.cloudHsmRestore, first.id), { passphrase: 'not the passphrase', content: backup.content });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CloudHsmMessages.backupUnreadable);
    const short = await acme.manager.post(hsmPath(ApiPath.cloudHsmBackup, first.id), { passphrase: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.passphrase).toEqual([CloudHsmMessages.passphraseShort]);
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['after-backup', 'app-key']);

    // Another HSM's backup does not open here, even with its own passphrase.
    const second = await enabled((await requestLocal('Payments 2')).id);
    const otherBackup = (await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmBackup, second.id), 200, { passphrase: 'correct horse battery' })).data;
    const foreign = await acme.manager.post(hsmPath(ApiPath.cloudHsmRestore, first.id), { passphrase: 'correct horse battery', content: otherBackup.content });
    expect(foreign.statusCode).toBe(400);
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['after-backup', 'app-key']);

    // A PIN rotated after the backup: the restored token opens with today's PIN, not the backup's.
    const rotated = (await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmUserPin, first.id), 200)).data.user_pin as string;
    pins = { ...pins, user_pin: rotated };
    const restored = await expectCall(acme.manager, 'POST', hsmPath(ApiPath.cloudHsmRestore, first.id), 200, { passphrase: 'correct horse battery', content: backup.content });
    expect(restored.data.id).toBe(first.id);
    expect(await secretKeyLabels(connection, pins.user_pin)).toEqual(['app-key']);
  });

  it('refuses backups where the blueprint does not allow them', { timeout: 60_000 }, async () => {
    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    await heartbeat(t, remoteId);
    const { data } = await expectCall(acme.manager, 'POST', path, 202, { name: 'No backups', blueprint_id: remote.blueprint.id, zone_id: remote.zone.id });
    await runProvisioning(remoteProcess(t, remoteId, remoteRoot).deps, data.id, 'test-job');
    const hsm = await get(data.id);
    expect(hsm).toMatchObject({ status: 'Enabled', backup_allowed: false });
    for (const [url, body] of [
      [ApiPath.cloudHsmBackup, { passphrase: 'correct horse battery' }],
      [ApiPath.cloudHsmRestore, { passphrase: 'correct horse battery', content: 'AAAA' }],
    ] as const) {
      const refused = await acme.manager.post(hsmPath(url, hsm.id), body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(CloudHsmMessages.backupNotAllowed);
    }
  });

  it('shows a provisioner without heartbeats for a minute as Down and its HSMs as Unreachable, and places nothing on it', { timeout: 60_000 }, async () => {
    const [hsm] = await queryRows<{ id: string }>(t.database.db, sql`select id from cloud_hsms where name = 'No backups'`);
    await sampleHostedHsms(remoteProcess(t, remoteId, remoteRoot).deps, remoteId);
    expect((await get(hsm!.id)).health_state).toBe('Healthy');

    // A stopped agent: its last heartbeat two minutes back.
    await queryRows(t.database.db, sql`update provisioners set last_heartbeat_at = now() - interval '2 minutes' where id = ${remoteId}`);
    const down = await get(hsm!.id);
    expect(down.provisioner).toMatchObject({ id: remoteId, state: 'Down' });
    expect(down.health_state).toBe('Unreachable');
    const list = await expectCall(acme.manager, 'GET', `${apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId })}?search=backups`, 200);
    expect(list.data).toEqual([expect.objectContaining({ id: hsm!.id, health_state: 'Unreachable' })]);
    const overview = await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudOverview, { account_id: acme.accountId }), 200);
    expect(overview.data.hsms.by_health.Unreachable).toBe(1);

    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    const refused = await acme.manager.post(path, { name: 'Nowhere', blueprint_id: remote.blueprint.id, zone_id: remote.zone.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CloudHsmMessages.noProvisioner('Zone nob'));
    expect(await queryRows(t.database.db, sql`select id from cloud_hsms where name = 'Nowhere'`)).toEqual([]);
  });

  it('shows the account’s HSMs, clusters and provisioning at a glance (/chc)', async () => {
    const overview = (await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudOverview, { account_id: acme.accountId }), 200)).data;
    expect(overview.hsms).toMatchObject({ total: 3, by_status: { Enabled: 3, PendingProvisioning: 0, Failed: 0 } });
    expect(overview.hsms.by_health.Healthy + overview.hsms.by_health.Unknown + overview.hsms.by_health.Unreachable).toBe(3);
    expect(overview.in_flight).toEqual([]);
  });

  it('deprovisions through its provisioner’s job: the token is zeroized and removed, address, ports and seat freed', { timeout: 60_000 }, async () => {
    const seats = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from cloud_hsms h join blueprints b on b.id = h.blueprint_id where b.model = ${local.model} and h.status <> 'Deprovisioned'`))[0]!.n;
    const held = await seats();
    const mistyped = await acme.manager.call({ method: 'DELETE', url: hsmPath(ApiPath.cloudHsm, first.id), payload: { confirm_name: 'Payments' } });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toBe(CloudHsmMessages.confirmName);

    const partition = join(t.config.cloudHsm.root, first.id);
    expect(existsSync(partition)).toBe(true);
    const answer = await expectCall(acme.manager, 'DELETE', hsmPath(ApiPath.cloudHsm, first.id), 202, { confirm_name: 'Payments 1' });
    expect(answer.data.status).toBe('Deprovisioning');
    const gone = await eventually(async () => ((await get(first.id)).status === 'Deprovisioned' ? get(first.id) : null), 'deprovisioned');
    expect(gone).toMatchObject({ address: null, ports: [], connection: null });
    expect(gone.deprovisioned_at).not.toBeNull();
    expect(existsSync(partition)).toBe(false);
    expect(await heldBy(t, first.id)).toMatchObject({ addresses: [], ports: [] });
    expect(await seats()).toBe(held - 1);

    // Kept for history, listed only when asked for.
    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    expect((await expectCall(acme.manager, 'GET', path, 200)).data.map((h: { id: string }) => h.id)).not.toContain(first.id);
    expect((await expectCall(acme.manager, 'GET', `${path}?include_deprovisioned=true`, 200)).data.map((h: { id: string }) => h.id)).toContain(first.id);
    const again = await acme.manager.call({ method: 'DELETE', url: hsmPath(ApiPath.cloudHsm, first.id), payload: { confirm_name: 'Payments 1' } });
    expect(again.statusCode).toBe(409);
  });

  it('audits every change, on the HSM’s own trail, and never with a PIN', async () => {
    const trail = await expectCall(acme.manager, 'GET', `${hsmPath(ApiPath.cloudHsmAuditEvents, first.id)}?page_size=100`, 200);
    const actions = trail.data.map((e: { action: string }) => e.action);
    for (const action of [
      'cloud_hsm.request',
      'cloud_hsm.provisioned',
      'cloud_hsm.pins_shown',
      'cloud_hsm.user_pin_rotate',
      'cloud_hsm.backup',
      'cloud_hsm.restore',
      'cloud_hsm.deprovision',
      'cloud_hsm.deprovisioned',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(trail.data.every((e: { target: string }) => e.target === first.id)).toBe(true);
    // Recorded by name too, the background work's events as well as the requests' (issue 27).
    const recorded = (await auditOf(t, acme.accountId)).filter((e) => e.target === first.id);
    expect(recorded.filter((e) => e.target_name !== 'Payments 1')).toEqual([]);
    const everything = JSON.stringify(await auditOf(t, acme.accountId));
    expect(everything).not.toContain(pins.so_pin);
    expect(everything).not.toContain(pins.user_pin);
  });
});
