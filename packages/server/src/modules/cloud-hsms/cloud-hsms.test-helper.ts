import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, type TestApp, type Visitor, createTestApp, signedIn, startWithPlatformAdmin } from '../../../test/test-app.ts';
import { PASSWORD, ROLE, queryRows, seedAccount, seedService } from '../../../test/fixtures.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import type { CloudHsmJobDeps } from './cloud-hsms.jobs.ts';
import type { HsmDriver } from './hsm-driver.ts';
import { builtinProvisionerName } from './provisioner-agent.ts';
import { createSoftHsm2Driver } from './softhsm2/softhsm2-driver.ts';

/**
 * Helpers of the cloud HSM API tests. The platform's infrastructure is built through the INFRA module's routes, as
 * a platform administrator would; a second, "remote" provisioner that no server process hosts is written to the
 * database as one registering itself would, and its work is run by the test itself (the test plays its process,
 * with a driver of its own on a token root of its own), so a test can stop a job between steps.
 */

export const ENCRYPTION_KEY = 'k'.repeat(43);
export const AUDIT_KEY = 'a'.repeat(43);
export const secretBox = createSecretBox(ENCRYPTION_KEY);
const run = promisify(execFile);

export type { TestApp };

export function startApp() {
  return createTestApp({ ENCRYPTION_KEY, AUDIT_KEY });
}

/** The app with the platform administrator signed in, who builds the infrastructure. */
export function startWithAdmin() {
  return startWithPlatformAdmin({ ENCRYPTION_KEY, AUDIT_KEY });
}

/** A JSON call that must answer `status`; its body. */
export async function expectCall(visitor: Visitor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, status: number, payload?: object) {
  const res: LightMyRequestResponse = await visitor.call({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** Polls until check answers something, at most `attempts` times `everyMs` apart. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, attempts = 150, everyMs = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`gave up waiting for ${what} after ${attempts} checks`);
}

type Named = { id: string; name: string };

/** A datacenter, a zone with one pool, a provisioner group in it, a blueprint placed by the group and a license of its model. */
export async function seedPlacement(admin: Visitor, slug: string, options: { cidr: string; ports?: number; seats?: number; model?: string; policies?: object }) {
  const datacenter = (await expectCall(admin, 'POST', ApiPath.datacenters, 201, { name: `DC ${slug}`, code: slug, location: `City ${slug}` })).data as Named;
  const zone = (await expectCall(admin, 'POST', ApiPath.ipamZones, 201, { name: `Zone ${slug}`, datacenter_id: datacenter.id })).data as Named;
  const pool = (await expectCall(admin, 'POST', apiPath(ApiPath.ipamPools, { zone_id: zone.id }), 201, { cidr: options.cidr })).data as { id: string };
  const group = (await expectCall(admin, 'POST', ApiPath.provisionerGroups, 201, { name: `Group ${slug}`, zone_id: zone.id })).data as Named;
  const model = options.model ?? `model-${slug}`;
  const blueprint = (
    await expectCall(admin, 'POST', ApiPath.blueprints, 201, {
      name: `Blueprint ${slug}`,
      model,
      partitions: 1,
      ports: options.ports ?? 2,
      provisioner_group_id: group.id,
      ...(options.policies ? { policies: options.policies } : {}),
    })
  ).data as Named;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const license = (
    await expectCall(admin, 'POST', ApiPath.productLicenses, 201, { model, reference: `LIC-${slug}`, seats: options.seats ?? 20, valid_from: day(-1), valid_until: day(30) })
  ).data as { id: string };
  return { datacenter, zone, pool, group, blueprint, license, model };
}
export type Placement = Awaited<ReturnType<typeof seedPlacement>>;

/** The built-in provisioner of the app's process (registered by its agent), put in the group. */
export async function placeBuiltin(t: TestApp, admin: Visitor, groupId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from provisioners where name = ${builtinProvisionerName(t.config.machineName)}`);
  await expectCall(admin, 'PUT', apiPath(ApiPath.provisioner, { provisioner_id: row!.id }), 200, { group_id: groupId, draining: false });
  return row!.id;
}

/** A provisioner hosted by no server process, registered as one would (heartbeat now), in the group. */
export async function insertRemoteProvisioner(t: TestApp, name: string, groupId: string, capacity = 20): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into provisioners (name, group_id, kind, host, capacity, version) values (${name}, ${groupId}, 'softhsm2', 'remote-host', ${capacity}, '1.0.0') returning id`,
  );
  return row!.id;
}

/** The remote provisioner reports in (its agent is the test). */
export async function heartbeat(t: TestApp, provisionerId: string): Promise<void> {
  await queryRows(t.database.db, sql`update provisioners set last_heartbeat_at = now() where id = ${provisionerId}`);
}

/** The remote provisioner's process as the test plays it: a driver on a token root of its own. A fresh call is a restarted process. */
export function remoteProcess(t: TestApp, provisionerId: string, root: string): { deps: CloudHsmJobDeps; driver: HsmDriver } {
  const driver = createSoftHsm2Driver({ root });
  return { driver, deps: { db: t.database.db, secretBox, auditKey: Buffer.from(AUDIT_KEY, 'base64url'), drivers: new Map([[provisionerId, driver]]) } };
}

export const newTokenRoot = () => mkdtempSync(join(tmpdir(), 'keydeck-remote-hsms-'));

/** The partitions under a token root. */
export const partitionsUnder = (root: string) => (existsSync(root) ? readdirSync(root) : []);

/** An account with an administrator and a read-only user signed in, a port range and Enabled cloud_hsms and cluster_management services. */
export async function seedCustomer(t: TestApp, admin: Visitor, slug: string, ports: { start: number; end: number }) {
  const users = { admin: `${slug}-admin`, reader: `${slug}-reader` };
  const { accountId } = await seedAccount(t.database.db, slug, [
    { username: users.admin, roleNames: [ROLE.admin] },
    { username: users.reader, roleNames: [ROLE.readOnly] },
  ]);
  await expectCall(admin, 'POST', ApiPath.adminPortRanges, 201, { port_ranges: [{ start_port: ports.start, end_port: ports.end, account_id: accountId }] });
  const { serviceId: hsmServiceId } = await seedService(t.database.db, accountId, { type: 'cloud_hsms', name: `${slug} HSMs` });
  const { serviceId: clusterServiceId } = await seedService(t.database.db, accountId, { type: 'cluster_management', name: `${slug} clusters` });
  const manager = await signedIn(t.app, users.admin, PASSWORD);
  const reader = await signedIn(t.app, users.reader, PASSWORD);
  return { accountId, hsmServiceId, clusterServiceId, manager, reader };
}
export type Customer = Awaited<ReturnType<typeof seedCustomer>>;

export const signInAdmin = (t: TestApp) => signedIn(t.app, ADMIN.username, ADMIN.password);

/** The connection details as the console shows them. */
export type Connection = { module: string; environment: Record<string, string>; token_label: string };

/** opensc's pkcs11-tool on the HSM as the console describes it, as a customer's application would reach it. */
export async function pkcs11Tool(connection: Connection, args: string[]): Promise<string> {
  const { stdout } = await run('pkcs11-tool', ['--module', connection.module, ...args], { env: { ...process.env, ...connection.environment }, timeout: 30_000 });
  return stdout;
}

/** Signed in with the PIN, on the token the connection names. */
export const onToken = (connection: Connection, pin: string, args: string[]) =>
  pkcs11Tool(connection, ['--token-label', connection.token_label, '--login', '--pin', pin, ...args]);

export const generateKey = (connection: Connection, pin: string, label: string, id: string, ...flags: string[]) =>
  onToken(connection, pin, ['--keygen', '--key-type', 'AES:32', '--label', label, '--id', id, ...flags]);

/** The labels of the token's secret keys. */
export async function secretKeyLabels(connection: Connection, pin: string): Promise<string[]> {
  const out = await onToken(connection, pin, ['--list-objects', '--type', 'secrkey']);
  return [...out.matchAll(/^\s*label:\s*(.+)$/gm)].map((m) => m[1]!.trim()).sort();
}

/** Rows behind the API: the HSM's allocation and ports. */
export async function heldBy(t: TestApp, hsmId: string) {
  const addresses = await queryRows<{ address: string }>(t.database.db, sql`select host(address) as address from ipam_allocations where cloud_hsm_id = ${hsmId}`);
  const ports = await queryRows<{ port: number }>(t.database.db, sql`select port from cloud_hsm_ports where cloud_hsm_id = ${hsmId} order by port`);
  const [hsm] = await queryRows<{ status: string; step: string; failure: string | null; partition_ref: string | null }>(
    t.database.db,
    sql`select status, step, failure, partition_ref from cloud_hsms where id = ${hsmId}`,
  );
  return { addresses: addresses.map((a) => a.address), ports: ports.map((p) => Number(p.port)), hsm: hsm! };
}

/** Audit events of the account, oldest first. */
export function auditOf(t: TestApp, accountId: string) {
  return queryRows<{ action: string; outcome: string; target: string | null; target_name: string | null; reason: string | null }>(
    t.database.db,
    sql`select action, outcome, target, target_name, reason from audit_events where account_id = ${accountId} order by id`,
  );
}
