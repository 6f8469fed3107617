import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloudHsmMessages } from '@keydeck/contract/cloud-hsms';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { Visitor } from '../../../test/test-app.ts';
import { cloudHsms } from '../../db/schema/cloud-hsms.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { partitionSpec, provisionStep, runDeprovisioning, runProvisioning } from './cloud-hsms.jobs.ts';
import {
  expectCall,
  heartbeat,
  heldBy,
  insertRemoteProvisioner,
  newTokenRoot,
  remoteProcess,
  secretBox,
  seedCustomer,
  seedPlacement,
  startWithAdmin,
  type Customer,
  type Placement,
  type TestApp,
} from './cloud-hsms.test-helper.ts';
import { pinContext } from './pins.ts';

/**
 * The provisioning job step by step, on a provisioner this test plays the process of (no server process hosts it,
 * so no worker takes its jobs): a kill at each step, deprovisioning from each step, and what runs out.
 */
let t: TestApp;
let admin: Visitor;
let acme: Customer;
let beta: Customer;
let site: Placement;
let tiny: Placement;
let siteProvisioner: string;
let tinyProvisioner: string;
let root: string;

const STEPS = ['placed', 'addressed', 'ported', 'token', 'enabled'] as const;

async function request(customer: typeof acme, placement: typeof site, provisionerId: string, name: string): Promise<string> {
  await heartbeat(t, provisionerId);
  const path = apiPath(ApiPath.cloudHsms, { account_id: customer.accountId, service_id: customer.hsmServiceId });
  const { data } = await expectCall(customer.manager, 'POST', path, 202, { name, blueprint_id: placement.blueprint.id, zone_id: placement.zone.id });
  return data.id;
}

const rowOf = (hsmId: string) => inScope(t.database.db, SYSTEM_SCOPE, async (tx) => (await tx.select().from(cloudHsms).where(eq(cloudHsms.id, hsmId)))[0]!);
const runsOf = (hsmId: string) =>
  queryRows<{ kind: string; outcome: string; attempts: number; started_at: Date | null; finished_at: Date | null }>(
    t.database.db,
    sql`select kind, outcome, attempts, started_at, finished_at from provisioning_runs where cloud_hsm_id = ${hsmId} order by queued_at`,
  );
const seatsOf = async (model: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from cloud_hsms h join blueprints b on b.id = h.blueprint_id where b.model = ${model} and h.status <> 'Deprovisioned'`))[0]!.n;
/** SoftHSM2 keeps each token in a directory of its own under the partition's tokens/. */
const tokenDirectories = (hsmId: string) => (existsSync(join(root, hsmId, 'tokens')) ? readdirSync(join(root, hsmId, 'tokens')) : []);

beforeAll(async () => {
  ({ t, admin } = await startWithAdmin());
  site = await seedPlacement(admin, 'site', { cidr: '10.70.0.0/28', ports: 3 });
  tiny = await seedPlacement(admin, 'tiny', { cidr: '10.71.0.0/30', ports: 1 });
  siteProvisioner = await insertRemoteProvisioner(t, 'remote-site', site.group.id);
  tinyProvisioner = await insertRemoteProvisioner(t, 'remote-tiny', tiny.group.id);
  root = newTokenRoot();
  acme = await seedCustomer(t, admin, 'acme', { start: 42000, end: 42099 });
  beta = await seedCustomer(t, admin, 'beta', { start: 43000, end: 43001 });
});

afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('provisioning killed at each step', () => {
  // Killed after `done` steps; 'ported+' is killed inside the token step, after the driver made the partition and
  // before the step's commit.
  for (const [done, label] of [[0, 'placed'], [1, 'addressed'], [2, 'ported'], [2.5, 'ported+'], [3, 'token'], [4, 'enabled']] as const) {
    it(`resumes from ${label} in a fresh process without leaking an address, a port or a token`, { timeout: 60_000 }, async () => {
      const hsmId = await request(acme, site, siteProvisioner, `Kill ${label.replace('+', ' plus')}`);
      const killed = remoteProcess(t, siteProvisioner, root);
      for (let i = 0; i < Math.floor(done); i++) expect(await provisionStep(killed.deps, hsmId)).toBe(STEPS[i + 1]);
      if (done === 2.5) {
        await killed.driver.createPartition(partitionSpec(secretBox, await rowOf(hsmId)));
        expect((await rowOf(hsmId)).partitionRef).toBeNull();
      }

      // The process is gone; two fresh runs of the job (a retry racing a redelivery) finish it.
      await Promise.all([
        runProvisioning(remoteProcess(t, siteProvisioner, root).deps, hsmId, 'resumed-1'),
        runProvisioning(remoteProcess(t, siteProvisioner, root).deps, hsmId, 'resumed-2'),
      ]);
      const { addresses, ports, hsm } = await heldBy(t, hsmId);
      expect(hsm).toMatchObject({ status: 'Enabled', step: 'enabled', failure: null });
      expect(addresses).toHaveLength(1);
      expect(ports).toHaveLength(3);
      expect(tokenDirectories(hsmId)).toHaveLength(1);
      // The PINs kept are the token's.
      const row = await rowOf(hsmId);
      const fresh = remoteProcess(t, siteProvisioner, root).driver;
      const health = await fresh.health(row.partitionRef!, secretBox.open(row.userPinSealed!, pinContext(hsmId, 'user')));
      expect(health.serial).toBe(row.tokenSerial);
      const runs = await runsOf(hsmId);
      expect(runs).toEqual([expect.objectContaining({ kind: 'provision', outcome: 'succeeded' })]);
      expect(runs[0]!.finished_at).not.toBeNull();
    });
  }

  it('gives every HSM its own address and ports: nothing overlaps, and no network or broadcast address is handed out', async () => {
    const rows = await queryRows<{ address: string }>(t.database.db, sql`select host(address) as address from ipam_allocations`);
    const addresses = rows.map((r) => r.address);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses).not.toContain('10.70.0.0');
    expect(addresses).not.toContain('10.70.0.15');
    expect([...addresses].sort()).toEqual(['10.70.0.1', '10.70.0.2', '10.70.0.3', '10.70.0.4', '10.70.0.5', '10.70.0.6']);
    const ports = (await queryRows<{ port: number }>(t.database.db, sql`select port from cloud_hsm_ports`)).map((p) => Number(p.port));
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports).toHaveLength(18);
  });
});

describe('deprovisioning from each step', () => {
  for (let done = 0; done < STEPS.length; done++) {
    it(`frees the address, ports, license seat and token of an HSM at ${STEPS[done]}`, { timeout: 60_000 }, async () => {
      const seats = await seatsOf(site.model);
      const hsmId = await request(acme, site, siteProvisioner, `Gone ${STEPS[done]}`);
      const proc = remoteProcess(t, siteProvisioner, root);
      for (let i = 0; i < done; i++) await provisionStep(proc.deps, hsmId);
      expect((await heldBy(t, hsmId)).hsm.step).toBe(STEPS[done]);
      expect(await seatsOf(site.model)).toBe(seats + 1);

      const url = apiPath(ApiPath.cloudHsm, { hsm_id: hsmId });
      const mistyped = await acme.manager.call({ method: 'DELETE', url, payload: { confirm_name: `gone ${STEPS[done]}` } });
      expect(mistyped.statusCode).toBe(400);
      expect(mistyped.json().message).toBe(CloudHsmMessages.confirmName);

      // Before the PINs exist there can be no partition: done in the request; after, the provisioner's job zeroizes it.
      const partitionPossible = done >= 2;
      const answer = await expectCall(acme.manager, 'DELETE', url, partitionPossible ? 202 : 200, { confirm_name: `Gone ${STEPS[done]}` });
      expect(answer.data.status).toBe(partitionPossible ? 'Deprovisioning' : 'Deprovisioned');
      if (partitionPossible) {
        // The provisioning job left behind does nothing now.
        expect(await provisionStep(proc.deps, hsmId)).toBe('done');
        await runDeprovisioning(remoteProcess(t, siteProvisioner, root).deps, hsmId, 'deprovision-job');
      }
      const { addresses, ports, hsm } = await heldBy(t, hsmId);
      expect(hsm.status).toBe('Deprovisioned');
      expect(addresses).toEqual([]);
      expect(ports).toEqual([]);
      expect(existsSync(join(root, hsmId))).toBe(false);
      expect(await seatsOf(site.model)).toBe(seats);
      const runs = await runsOf(hsmId);
      expect(runs.map((r) => [r.kind, r.outcome])).toEqual(
        done === STEPS.length - 1 ? [['provision', 'succeeded'], ['deprovision', 'succeeded']] : [['provision', 'failed'], ['deprovision', 'succeeded']],
      );
    });
  }
});

describe('a token that cannot be made', () => {
  it('leaves the step where it was for the queue to retry, and after the last retry fails the HSM with the reason', { timeout: 60_000 }, async () => {
    const hsmId = await request(acme, site, siteProvisioner, 'Unlucky');
    // A provisioner whose token root cannot be made (a file stands in its way): every createPartition fails.
    const blocker = join(root, 'not-a-directory');
    writeFileSync(blocker, '');
    const broken = remoteProcess(t, siteProvisioner, join(blocker, 'root'));
    await expect(runProvisioning(broken.deps, hsmId, 'attempt-1', 1)).rejects.toThrow();
    const held = await heldBy(t, hsmId);
    expect(held.hsm).toMatchObject({ status: 'PendingProvisioning', step: 'ported' });
    expect(held.addresses).toHaveLength(1);
    expect(held.ports).toHaveLength(3);

    // The last attempt (retryLimit 1: the second) gives up.
    await runProvisioning(broken.deps, hsmId, 'attempt-2', 1);
    const failed = await heldBy(t, hsmId);
    expect(failed.hsm.status).toBe('Failed');
    expect(failed.hsm.failure).toMatch(/^Provisioning failed: /);
    expect(failed).toMatchObject({ addresses: [], ports: [] });
    expect(await runsOf(hsmId)).toEqual([expect.objectContaining({ outcome: 'failed', attempts: 2 })]);
    // A later redelivery does nothing.
    await runProvisioning(remoteProcess(t, siteProvisioner, root).deps, hsmId, 'attempt-3', 1);
    expect((await heldBy(t, hsmId)).hsm.status).toBe('Failed');
  });
});

describe('what runs out', () => {
  it('fails an HSM whose zone has no free address, with the reason, holding no address or port', { timeout: 60_000 }, async () => {
    const proc = remoteProcess(t, tinyProvisioner, root);
    // A /30 has two hosts.
    const one = await request(acme, tiny, tinyProvisioner, 'Tiny 1');
    const two = await request(acme, tiny, tinyProvisioner, 'Tiny 2');
    const three = await request(acme, tiny, tinyProvisioner, 'Tiny 3');
    expect(await provisionStep(proc.deps, one)).toBe('addressed');
    expect(await provisionStep(proc.deps, two)).toBe('addressed');
    expect((await heldBy(t, one)).addresses).toEqual(['10.71.0.1']);
    expect((await heldBy(t, two)).addresses).toEqual(['10.71.0.2']);

    await runProvisioning(proc.deps, three, 'job-3');
    const failed = await heldBy(t, three);
    expect(failed.hsm).toMatchObject({ status: 'Failed', failure: CloudHsmMessages.noAddress('Zone tiny') });
    expect(failed.addresses).toEqual([]);
    expect(failed.ports).toEqual([]);
    expect((await runsOf(three)).map((r) => r.outcome)).toEqual(['failed']);
    const [event] = await queryRows<{ outcome: string; reason: string; target: string }>(
      t.database.db,
      sql`select outcome, reason, target from audit_events where action = 'cloud_hsm.provisioning_failed' and target = ${three}`,
    );
    expect(event).toEqual({ outcome: 'failure', reason: CloudHsmMessages.noAddress('Zone tiny'), target: three });
    const shown = await expectCall(acme.manager, 'GET', apiPath(ApiPath.cloudHsm, { hsm_id: three }), 200);
    expect(shown.data).toMatchObject({ status: 'Failed', status_label: 'Failed', failure: CloudHsmMessages.noAddress('Zone tiny'), address: null });

    // Deprovisioning the failed HSM, which never had a partition, is done in the request.
    const seats = await seatsOf(tiny.model);
    await expectCall(acme.manager, 'DELETE', apiPath(ApiPath.cloudHsm, { hsm_id: three }), 200, { confirm_name: 'Tiny 3' });
    expect(await seatsOf(tiny.model)).toBe(seats - 1);
    // An address freed is handed out again.
    await expectCall(acme.manager, 'DELETE', apiPath(ApiPath.cloudHsm, { hsm_id: one }), 200, { confirm_name: 'Tiny 1' });
    const four = await request(acme, tiny, tinyProvisioner, 'Tiny 4');
    await runProvisioning(proc.deps, four, 'job-4');
    expect(await heldBy(t, four)).toMatchObject({ addresses: ['10.71.0.1'], hsm: { status: 'Enabled' } });
  });

  it('fails an HSM when the account’s port ranges have too few free ports, and frees its address', { timeout: 60_000 }, async () => {
    // beta's range holds two ports; the blueprint needs three.
    const hsmId = await request(beta, site, siteProvisioner, 'Too many ports');
    await runProvisioning(remoteProcess(t, siteProvisioner, root).deps, hsmId, 'job');
    const { hsm, addresses, ports } = await heldBy(t, hsmId);
    expect(hsm).toMatchObject({ status: 'Failed', failure: CloudHsmMessages.noPorts(3) });
    expect(addresses).toEqual([]);
    expect(ports).toEqual([]);
  });

  it('refuses a request when no license seat of the model is free, changing nothing', async () => {
    const few = await seedPlacement(admin, 'few', { cidr: '10.72.0.0/29', ports: 1, seats: 1 });
    const provisioner = await insertRemoteProvisioner(t, 'remote-few', few.group.id);
    await request(acme, few, provisioner, 'Few 1');
    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    const refused = await acme.manager.post(path, { name: 'Few 2', blueprint_id: few.blueprint.id, zone_id: few.zone.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CloudHsmMessages.noSeat(few.model));
    expect(await queryRows(t.database.db, sql`select id from cloud_hsms where name = 'Few 2'`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select h.id from cloud_hsms h where h.name = 'Few 1'`)).toHaveLength(1);
  });

  it('refuses a provisioner at capacity or draining', async () => {
    const full = await seedPlacement(admin, 'full', { cidr: '10.73.0.0/29', ports: 1 });
    const provisioner = await insertRemoteProvisioner(t, 'remote-full', full.group.id, 1);
    await request(acme, full, provisioner, 'Full 1');
    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    const refused = await acme.manager.post(path, { name: 'Full 2', blueprint_id: full.blueprint.id, zone_id: full.zone.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CloudHsmMessages.noProvisioner('Zone full'));
    await queryRows(t.database.db, sql`update provisioners set capacity = 5, draining = true where id = ${provisioner}`);
    expect((await acme.manager.post(path, { name: 'Full 2', blueprint_id: full.blueprint.id, zone_id: full.zone.id })).statusCode).toBe(409);
  });
});
