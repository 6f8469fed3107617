import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPath, apiPath } from '@keydeck/contract/http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/fixtures.ts';
import type { Db } from '../../db/database.ts';
import { start } from '../../start.ts';
import { eventually, expectCall, placeBuiltin, seedCustomer, seedPlacement, signInAdmin, startApp, type TestApp } from './cloud-hsms.test-helper.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { builtinProvisionerName } from './provisioner-agent.ts';
import * as provisionersRepo from './provisioner.repository.ts';

/**
 * The built-in provisioner agent of a server process, on timers short enough to watch: it registers, beats, samples
 * its HSMs' tokens, prunes old samples and stops with the app.
 */
let base: TestApp;
let app: FastifyInstance;
let db: Db;
let closed = false;
/** The app as the helpers take it: its own database, the base's config. */
let t: TestApp;

beforeAll(async () => {
  base = await startApp();
  // A second process on the same configuration (on PGlite, a database of its own), with its agent's timers short.
  const started = await start(base.config, {
    inMemory: true,
    jobQueue: { pollingIntervalSeconds: 0.5 },
    cloudHsms: { heartbeatMs: 100, sampleMs: 150, clusterSyncMs: 60_000, pruneEveryMs: 100 },
  });
  app = started.app;
  db = started.database.db;
  t = { ...base, app, database: started.database };
});

afterAll(async () => {
  if (!closed) await app?.close();
  await base?.close();
});

const provisionerRows = () =>
  queryRows<{ id: string; kind: string; host: string; capacity: number; seconds: number }>(
    db,
    sql`select id, kind, host, capacity, extract(epoch from now() - last_heartbeat_at)::float as seconds from provisioners where name = ${builtinProvisionerName(base.config.machineName)}`,
  );

describe('the built-in provisioner agent', () => {
  it('registers its provisioner once by name, with its kind, machine and capacity, and keeps it alive with heartbeats', async () => {
    const rows = await provisionerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'softhsm2', host: base.config.machineName, capacity: 50 });
    expect(app.cloudHsmHost.drivers.has(rows[0]!.id)).toBe(true);
    await queryRows(db, sql`update provisioners set last_heartbeat_at = now() - interval '2 minutes' where id = ${rows[0]!.id}`);
    await eventually(async () => (await provisionerRows())[0]!.seconds < 5, 'a fresh heartbeat', 50, 100);

    // Removed by the platform (it hosted nothing), it registers anew and is hosted under its new id.
    await queryRows(db, sql`delete from provisioners where id = ${rows[0]!.id}`);
    const again = await eventually(async () => (await provisionerRows())[0], 'registered anew', 50, 100);
    expect(again.id).not.toBe(rows[0]!.id);
    await eventually(async () => app.cloudHsmHost.drivers.has(again.id) && !app.cloudHsmHost.drivers.has(rows[0]!.id), 'hosted under the new id', 50, 100);
  });

  it('samples its HSMs’ tokens, records a token that fails as unreachable with why, and prunes old samples', { timeout: 120_000 }, async () => {
    const admin = await signInAdmin(t);
    const placement = await seedPlacement(admin, 'agt', { cidr: '10.95.0.0/29', ports: 1 });
    await placeBuiltin(t, admin, placement.group.id);
    const acme = await seedCustomer(t, admin, 'acme', { start: 47000, end: 47009 });
    const path = apiPath(ApiPath.cloudHsms, { account_id: acme.accountId, service_id: acme.hsmServiceId });
    const { data } = await expectCall(acme.manager, 'POST', path, 202, { name: 'Watched', blueprint_id: placement.blueprint.id, zone_id: placement.zone.id });
    const url = apiPath(ApiPath.cloudHsm, { hsm_id: data.id });
    const sampled = await eventually(async () => {
      const hsm = (await expectCall(acme.manager, 'GET', url, 200)).data;
      return hsm.latest_sample?.reachable ? hsm : null;
    }, 'a sample of the token', 100, 100);
    expect(sampled).toMatchObject({ status: 'Enabled', health_state: 'Healthy', objects: 0 });

    await queryRows(
      db,
      sql`insert into cloud_hsm_health (cloud_hsm_id, account_id, sampled_at, reachable) values (${data.id}, ${acme.accountId}, now() - interval '8 days', true)`,
    );
    await eventually(async () => (await queryRows(db, sql`select 1 from cloud_hsm_health where sampled_at < now() - interval '7 days'`)).length === 0, 'old samples pruned', 50, 100);

    // The token disappears from under its provisioner.
    rmSync(join(base.config.cloudHsm.root, data.id), { recursive: true, force: true });
    const failing = await eventually(async () => {
      const hsm = (await expectCall(acme.manager, 'GET', url, 200)).data;
      // A sample running while the directory went may fail otherwise: the next ones find no token.
      return hsm.latest_sample?.error === 'The token is gone from its provisioner' ? hsm : null;
    }, 'an unreachable sample', 100, 100);
    expect(failing).toMatchObject({ health_state: 'Unreachable', latest_sample: { reachable: false, error: 'The token is gone from its provisioner' } });
  });

  it('shows a provisioner whose server stopped in order Down at once, and Up again with a heartbeat after it', async () => {
    const admin = await signInAdmin(t);
    const stateOf = async () => (await expectCall(admin, 'GET', `${ApiPath.provisioners}?search=agent-gamma`, 200)).data[0].state;
    const registration = { name: 'agent-gamma', kind: 'softhsm2', host: 'gamma', capacity: 2, version: '1.0.0' };
    const id = await inScope(db, SYSTEM_SCOPE, (tx) => provisionersRepo.register(tx, registration));
    expect(await stateOf()).toBe('Up');
    await inScope(db, SYSTEM_SCOPE, (tx) => provisionersRepo.markStopped(tx, id));
    expect(await stateOf()).toBe('Down');
    // Any heartbeat after the stop (a restart, another process of the machine, an older server version) brings it back.
    await inScope(db, SYSTEM_SCOPE, (tx) => provisionersRepo.register(tx, registration));
    expect(await stateOf()).toBe('Up');
  });

  it('stops with the app, giving up what it hosted', async () => {
    const host = app.cloudHsmHost;
    await app.close();
    closed = true;
    expect(host.drivers.size).toBe(0);
  });
});
