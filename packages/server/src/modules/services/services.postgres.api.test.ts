import { ApiPath } from '@keydeck/contract/http';
import { servicesResponse } from '@keydeck/contract/services';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, ROLE, queryRows, seedAccount } from '../../../test/fixtures.ts';
import { ADMIN, Visitor, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/database.ts';
import { services } from '../../db/schema/services.ts';
import { createJobQueue } from '../../platform/job-queue.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { start } from '../../start.ts';
import { queueProvisioning } from './services.jobs.ts';

// Two server processes on one database: PostgreSQL only (vitest.config.ts keeps this file out of the PGlite project).
if (!inject('postgresUrl')) throw new Error('services.postgres.api.test.ts needs the test PostgreSQL');

let first: TestApp;
let second: FastifyInstance | null;
let acmeId: string;

beforeAll(async () => {
  first = await createTestApp();
  // A second server on the same DATABASE_URL: its own pool and its own job queue worker, polling often.
  ({ app: second } = await start(first.config, { inMemory: true, jobQueue: { pollingIntervalSeconds: 0.5 } }));
});
afterAll(async () => {
  await second?.close();
  await first.close();
});

describe('service provisioning with two server processes', () => {
  it('provisions each approved service exactly once', async () => {
    const acme = await seedAccount(first.database.db, 'acme', [{ username: 'acme-admin', roleNames: [ROLE.admin] }]);
    acmeId = acme.accountId;
    const customer = new Visitor(first.app);
    await customer.signIn('acme-admin', PASSWORD);
    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await customer.call({
        method: 'POST',
        url: ApiPath.services,
        payload: { type: 'rkms', name: `Fleet ${i}`, location: 'us-east', environment: 'production' },
      });
      ids.push(res.json().service.id);
    }

    const platform = new Visitor(second!);
    await platform.signIn(ADMIN.username, ADMIN.password);
    const approved = await platform.call({ method: 'PUT', url: ApiPath.adminServices, payload: { services: ids.map((id) => ({ id, action: 'approve' })) } });
    expect(servicesResponse.parse(approved.json()).services.every((s) => s.status === 'PendingProvisioning')).toBe(true);

    const completed = () =>
      queryRows<{ n: number }>(first.database.db, sql`select count(*)::int as n from pgboss.job where name = 'service-provisioning' and state = 'completed'`);
    for (let i = 0; i < 300 && (await completed())[0]!.n < 20; i++) await new Promise((resolve) => setTimeout(resolve, 100));

    const statuses = await queryRows<{ status: string; n: number }>(
      first.database.db,
      sql`select status, count(*)::int as n from services where account_id = ${acme.accountId} group by status`,
    );
    expect(statuses).toEqual([{ status: 'Enabled', n: 20 }]);
    const jobs = await queryRows<{ state: string; retry_count: number; n: number }>(
      first.database.db,
      sql`select state, retry_count, count(*)::int as n from pgboss.job where name = 'service-provisioning' group by state, retry_count`,
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0, n: 20 }]);
    const provisioned = await queryRows<{ target: string }>(
      first.database.db,
      sql`select target from audit_events where account_id = ${acme.accountId} and action = 'service.provisioned'`,
    );
    expect(provisioned.map((r) => r.target).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Fleet ${i + 1}`).sort());
    const [groups] = await queryRows<{ n: number; services: number }>(
      first.database.db,
      sql`select count(*)::int as n, count(distinct service_id)::int as services from service_user_groups where account_id = ${acme.accountId}`,
    );
    expect(groups).toEqual({ n: 20, services: 20 });
    const [members] = await queryRows<{ n: number }>(first.database.db, sql`select count(*)::int as n from service_users where account_id = ${acme.accountId}`);
    expect(members!.n).toBe(20);
  });

  it('keeps a job queued while no server runs, for the next one to start', async () => {
    // Both servers stop (the first one's app only; afterAll's close of it again just removes its files).
    await second!.close();
    second = null;
    await first.app.close();
    // The database alone, as after every server stopped: a service approved and its job queued.
    const database = await openDatabase({ databaseUrl: first.config.databaseUrl, dataDir: null });
    const serviceId = await inScope(database.db, SYSTEM_SCOPE, async (tx) => {
      const [row] = await tx
        .insert(services)
        .values({ accountId: acmeId, type: 'rkms', name: 'Queued while down', status: 'PendingProvisioning', location: 'us-east', environment: 'test' })
        .returning({ id: services.id });
      await queueProvisioning(createJobQueue(database), tx, row!.id);
      return row!.id;
    });
    await database.close();

    const { app, database: restarted } = await start(first.config, { inMemory: true, jobQueue: { pollingIntervalSeconds: 0.5 } });
    second = app;
    const statusOf = async () =>
      (await queryRows<{ status: string }>(restarted.db, sql`select status from services where id = ${serviceId}`))[0]!.status;
    for (let i = 0; i < 100 && (await statusOf()) !== 'Enabled'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await statusOf()).toBe('Enabled');
  });
});
