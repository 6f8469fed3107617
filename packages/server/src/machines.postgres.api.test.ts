import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import type { Provisioner } from '@keydeck/contract/provisioners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, ROLE, seedAccount, seedService } from '../test/fixtures.ts';
import { HttpBrowser } from '../test/http-browser.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { ADMIN, freshPostgresDatabase } from '../test/test-app.ts';
import { openDatabase, type Database } from './db/database.ts';
import { generateKey, secretKeyLabels } from './modules/cloud-hsms/cloud-hsms.test-helper.ts';

/**
 * Two machines, each a built server (npm run build first) with its own DATA_DIR and MACHINE_NAME, on one PostgreSQL:
 * each is its own built-in provisioner and keeps the HSMs placed on it as tokens on its own disk.
 */
const key = () => randomBytes(32).toString('base64url');
/** What every server must share besides the database: the keys that never enter it. */
const SHARED = { AUDIT_KEY: key(), ENCRYPTION_KEY: key(), KEYSTORE_MASTER_KEY: key() };
const CUSTOMER = 'acme-admin';

type Machine = { name: string; server: ServerProcess; admin: HttpBrowser; customer: HttpBrowser; tokenRoot: string };
const machines: Machine[] = [];
let database: Database;
let accountId: string;
let hsmServiceId: string;
let placement: { zoneId: string; blueprintId: string; groupId: string };
/** The HSMs ordered, each with the PIN it was given and the key made on it. */
const hsms: { id: string; machine: Machine; userPin: string; keyLabel: string }[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await pause(200)) {
    const value = await check();
    if (value !== undefined) return value;
  }
  throw new Error(`${what}: not within ${ms} ms\n${machines.map((m) => m.server.output().slice(-1500)).join('\n')}`);
}

/** A call that must answer `status`; the body's data. */
async function call<T>(browser: HttpBrowser, method: string, path: string, status: number, body?: unknown): Promise<T> {
  const answer = await browser.call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  return (answer.body as { data: T }).data;
}

async function signIn(browser: HttpBrowser, username: string, password: string): Promise<HttpBrowser> {
  await browser.call('GET', ApiPath.login);
  expect((await browser.call('POST', ApiPath.login, { username, password })).status).toBe(200);
  return browser;
}

const machineNamed = (name: string) => machines.find((m) => m.name === name)!;
const hsmOn = (browser: HttpBrowser, id: string) => call<CloudHsmDetail>(browser, 'GET', apiPath(ApiPath.cloudHsm, { hsm_id: id }), 200);
const builtinProvisioners = async (admin: HttpBrowser) =>
  (await call<Provisioner[]>(admin, 'GET', `${ApiPath.provisioners}?search=builtin-`, 200)).sort((a, b) => a.name.localeCompare(b.name));
/** The HSM directories under a machine's token root. */
const tokensOf = (machine: Machine) => readdirSync(machine.tokenRoot).sort();
const idsOn = (machine: Machine) => hsms.filter((h) => h.machine === machine).map((h) => h.id).sort();

/** The customer orders an HSM through the given machine's server; it is Enabled by the agent of the machine it was placed on. */
async function order(through: Machine, name: string): Promise<{ id: string; machine: Machine }> {
  const path = apiPath(ApiPath.cloudHsms, { account_id: accountId, service_id: hsmServiceId });
  const requested = await call<CloudHsmDetail>(through.customer, 'POST', path, 202, { name, blueprint_id: placement.blueprintId, zone_id: placement.zoneId });
  const machine = machineNamed(requested.provisioner!.name.replace(/^builtin-/, ''));
  await until(`${name} Enabled`, async () => ((await hsmOn(through.customer, requested.id)).status === 'Enabled' ? true : undefined));
  return { id: requested.id, machine };
}

/** The connection details the HSM's own machine shows, and pkcs11-tool on them finding the HSM's key. */
async function keysReached(hsm: (typeof hsms)[number]): Promise<string[]> {
  const detail = await hsmOn(hsm.machine.customer, hsm.id);
  expect(detail.connection!.environment.SOFTHSM2_CONF).toBe(join(hsm.machine.tokenRoot, hsm.id, 'softhsm2.conf'));
  return secretKeyLabels(detail.connection!, hsm.userPin);
}

beforeAll(async () => {
  const databaseUrl = await freshPostgresDatabase();
  if (!databaseUrl) throw new Error('machines.postgres.api.test.ts needs the test PostgreSQL');
  const env = { ...SHARED, DATABASE_URL: databaseUrl, WORKERS: '1', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  for (const name of ['machine-a', 'machine-b']) {
    const server = await startServerProcess({ ...env, MACHINE_NAME: name });
    const origin = `http://${server.address}`;
    machines.push({ name, server, admin: new HttpBrowser(origin), customer: new HttpBrowser(origin), tokenRoot: join(server.dataDir, 'cloud-hsms') });
  }
  await Promise.all(
    machines.map((m) => until(`${m.name} ready`, () => fetch(`http://${m.server.address}/readyz`).then((r) => (r.ok ? true : undefined), () => undefined), 60_000)),
  );
  for (const m of machines) await signIn(m.admin, ADMIN.username, ADMIN.password);

  // The customer, written to the database as the in-process tests' seedCustomer does: an account, its administrator
  // and an Enabled Cloud HSMs service; its ports assigned by the platform administrator.
  database = await openDatabase({ databaseUrl, dataDir: null });
  ({ accountId } = await seedAccount(database.db, 'acme', [{ username: CUSTOMER, roleNames: [ROLE.admin] }]));
  ({ serviceId: hsmServiceId } = await seedService(database.db, accountId, { type: 'cloud_hsms', name: 'Acme HSMs' }));
  const admin = machines[0]!.admin;
  await call(admin, 'POST', ApiPath.adminPortRanges, 201, { port_ranges: [{ start_port: 44000, end_port: 44009, account_id: accountId }] });
  for (const m of machines) await signIn(m.customer, CUSTOMER, PASSWORD);
}, 90_000);

afterAll(async () => {
  for (const m of machines) {
    m.admin.close();
    m.customer.close();
    m.server.remove();
  }
  await database?.close();
});

describe('two machines on one PostgreSQL', () => {
  it('register one built-in provisioner each, named after the machine', async () => {
    const provisioners = await builtinProvisioners(machines[1]!.admin);
    expect(provisioners.map((p) => [p.name, p.host, p.kind, p.state])).toEqual([
      ['builtin-machine-a', 'machine-a', 'softhsm2', 'Up'],
      ['builtin-machine-b', 'machine-b', 'softhsm2', 'Up'],
    ]);
  });

  it("keep each HSM placed on them as a token on their own disk, reached with the console's connection details", { timeout: 60_000 }, async () => {
    // The platform: a zone with a pool, one provisioner group holding both machines' provisioners, a blueprint and a license.
    const admin = machines[0]!.admin;
    const datacenter = await call<{ id: string }>(admin, 'POST', ApiPath.datacenters, 201, { name: 'DC two', code: 'two', location: 'City two' });
    const zone = await call<{ id: string }>(admin, 'POST', ApiPath.ipamZones, 201, { name: 'Zone two', datacenter_id: datacenter.id });
    await call(admin, 'POST', apiPath(ApiPath.ipamPools, { zone_id: zone.id }), 201, { cidr: '10.90.0.0/28' });
    const group = await call<{ id: string }>(admin, 'POST', ApiPath.provisionerGroups, 201, { name: 'Group two', zone_id: zone.id });
    for (const p of await builtinProvisioners(admin)) {
      await call(admin, 'PUT', apiPath(ApiPath.provisioner, { provisioner_id: p.id }), 200, { group_id: group.id, draining: false });
    }
    const blueprint = await call<{ id: string }>(admin, 'POST', ApiPath.blueprints, 201, {
      name: 'Blueprint two',
      model: 'model-two',
      partitions: 1,
      ports: 1,
      provisioner_group_id: group.id,
    });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await call(admin, 'POST', ApiPath.productLicenses, 201, { model: 'model-two', reference: 'LIC-two', seats: 10, valid_from: day(-1), valid_until: day(30) });
    placement = { zoneId: zone.id, blueprintId: blueprint.id, groupId: group.id };

    // Placement takes the provisioner with the fewest HSMs, then by name; each is ordered through the other machine's server.
    for (let i = 0; i < 4; i++) {
      const { id, machine } = await order(machines[(i + 1) % 2]!, `HSM ${i + 1}`);
      const { user_pin: userPin } = await call<{ user_pin: string }>(machine.customer, 'POST', apiPath(ApiPath.cloudHsmPins, { hsm_id: id }), 200);
      hsms.push({ id, machine, userPin, keyLabel: `key-${i + 1}` });
    }
    expect(hsms.map((h) => h.machine.name)).toEqual(['machine-a', 'machine-b', 'machine-a', 'machine-b']);

    // Each machine's token root holds its own HSMs and none of the other's.
    for (const m of machines) expect(tokensOf(m), m.name).toEqual(idsOn(m));
    for (const hsm of hsms) {
      const detail = await hsmOn(hsm.machine.customer, hsm.id);
      await generateKey(detail.connection!, hsm.userPin, hsm.keyLabel, '01');
      expect(await keysReached(hsm)).toEqual([hsm.keyLabel]);
    }
  });

  it("leave one machine's HSMs working and provisioning when the other's server stops", { timeout: 60_000 }, async () => {
    const [stopped, running] = machines as [Machine, Machine];
    // Drained first, as an operator takes a machine out: new HSMs go to the other.
    const stoppedProvisioner = (await builtinProvisioners(running.admin)).find((p) => p.host === stopped.name)!;
    await call(running.admin, 'PUT', apiPath(ApiPath.provisioner, { provisioner_id: stoppedProvisioner.id }), 200, { group_id: placement.groupId, draining: true });
    stopped.server.kill('SIGTERM');
    expect(await stopped.server.exited).toBe(0);
    // Down at once, not after a minute of silence: the console says so, and placement passes it by.
    expect((await builtinProvisioners(running.admin)).find((p) => p.host === stopped.name)!.state).toBe('Down');

    for (const hsm of hsms.filter((h) => h.machine === running)) {
      expect((await hsmOn(running.customer, hsm.id)).status).toBe('Enabled');
      expect(await keysReached(hsm)).toEqual([hsm.keyLabel]);
    }
    const { id, machine } = await order(running, 'HSM after the stop');
    expect(machine).toBe(running);
    expect(tokensOf(running)).toContain(id);
    expect(tokensOf(stopped)).toEqual(idsOn(stopped));
  });
});
